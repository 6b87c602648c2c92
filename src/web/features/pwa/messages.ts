/** The texts of the connection, install and update overlays. */
export const PwaMessages = {
  connectionRestored: { title: 'Connection Restored', description: "You're back online! All features are available." },
  connectionLost: { title: 'Connection Lost', description: "You're offline. Some features may be limited." },
  offlineNotice: { title: 'No Internet Connection', description: 'Some features may not work properly' },
  offlineBadge: {
    title: 'Limited Offline Mode',
    description: 'Previously loaded content is available. Connect to internet for full functionality.',
  },
  slowConnection: {
    title: 'Slow Connection',
    description: 'This page took more than 3 seconds to load. Some features may respond slowly.',
  },
  installBanner: { description: 'Your courses in one tap, even offline.' },
  installing: 'Installing App...',
  installed: { title: 'App Installed Successfully!', description: 'Open it from your home screen or your list of apps.' },
  installedNotice: 'App installed successfully!',
  installFailed: { title: 'Installation Failed', description: 'There was an error installing the app. Please try again.' },
  update: { title: 'A new version is available', action: 'Reload' },
} as const;

/**
 * The look of the destructive toasts ('Connection Lost', 'Installation Failed'): the app's
 * destructive red with white text (4.8:1). Sonner's own rich colours are too pale a red on pink (4.4:1).
 */
export const destructiveToast = {
  classNames: {
    toast: '!border-destructive !bg-destructive !text-destructive-foreground',
    description: '!text-destructive-foreground',
  },
} as const;

/** The other toasts sharing an id with a destructive one: sonner merges a replaced toast's options, so the red is taken off. */
export const plainToast = { classNames: {} } as const;
