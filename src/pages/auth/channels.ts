export const CHANNEL_OPTIONS = [
  { value: 'email', labelKey: 'auth.by_email' },
  { value: 'mobile', labelKey: 'auth.by_mobile' },
] as const;
