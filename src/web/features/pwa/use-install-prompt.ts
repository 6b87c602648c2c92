import { useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { TOAST_DEFAULT_MS, TOAST_SHORT_MS } from '@common/limits';
import { createInstallPrompt, type InstallPrompt, type InstallState } from './install-prompt';
import { PwaMessages, destructiveToast, plainToast } from './messages';

// Created when the app's first chunk runs, so an offer the browser makes before React renders is kept.
// Not when a public page is rendered to HTML at build time (src/web/prerender.tsx): no browser, no offer.
const installPrompt: InstallPrompt | null =
  typeof window === 'undefined'
    ? null
    : createInstallPrompt(window, {
        installing: () => toast(PwaMessages.installing, { id: 'install', duration: TOAST_SHORT_MS, ...plainToast }),
        installed: () =>
          toast.success(PwaMessages.installed.title, {
            id: 'install',
            description: PwaMessages.installed.description,
            duration: TOAST_DEFAULT_MS,
            ...plainToast,
          }),
        failed: () =>
          toast.error(PwaMessages.installFailed.title, {
            id: 'install',
            description: PwaMessages.installFailed.description,
            duration: TOAST_DEFAULT_MS,
            ...destructiveToast,
          }),
      });

const noOffer: InstallState = { canInstall: false, installed: false, justInstalled: false };
const noOfferYet = () => noOffer;
const nothingToWatch = () => () => undefined;
const ignore = async () => undefined;

export function useInstallPrompt() {
  const getState = installPrompt?.getState ?? noOfferYet;
  const state = useSyncExternalStore(installPrompt?.subscribe ?? nothingToWatch, getState, getState);
  return {
    ...state,
    install: installPrompt?.install ?? ignore,
    dismiss: installPrompt?.dismiss ?? ignore,
    closeInstalledNotice: installPrompt?.closeInstalledNotice ?? ignore,
  };
}
