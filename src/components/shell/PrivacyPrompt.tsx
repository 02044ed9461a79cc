/** The mini-programs' privacy prompt (PrivacyPromptView); H5 asks nothing and has none (PrivacyPrompt.h5.tsx). */
export { PrivacyPromptView as PrivacyPrompt } from './PrivacyPromptView'
