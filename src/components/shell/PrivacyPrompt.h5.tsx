/**
 * H5 asks no privacy authorization (platform.privacy agrees at once), so the shell shows no prompt there, and the
 * prompt's web-component Button stays out of the first load (it added 21 KB gzip to it).
 */
export function PrivacyPrompt() {
  return null
}
