import { useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { TOAST_DEFAULT_MS, TOAST_SHORT_MS } from '@common/limits';
import { createInstallPrompt, type InstallPrompt } from './install-prompt';
import { PwaMessages, destructiveToast, plainToast } from './messages';

// Created when the app's first chunk runs, so an offer the browser makes before React renders is kept.
const installPrompt: InstallPrompt = createInstallPrompt(window, {
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

export function useInstallPrompt() {
  const state = useSyncExternalStore(installPrompt.subscribe, installPrompt.getState, installPrompt.getState);
  return {
    ...state,
    install: installPrompt.install,
    dismiss: installPrompt.dismiss,
    closeInstalledNotice: installPrompt.closeInstalledNotice,
  };
}
