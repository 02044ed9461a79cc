/**
 * The host's pending request for the shopper's agreement to the privacy guide (platform.privacy), shown by the shell's
 * PrivacyPrompt on whichever page asked, and what the shopper refused last (the page says why nothing happened).
 */
import { create } from 'zustand'
import type { PrivacyRequest } from '@/platform'

interface PrivacyPromptState {
  request: PrivacyRequest | null
  /** The API the shopper last declined (its action named in the notice), until dismissed or asked again. */
  refused: string | null
  ask(request: PrivacyRequest): void
  agree(): void
  refuse(): void
  /** The host declined `api` without the prompt (an answer given earlier): the page still says why. */
  declined(api: string): void
  dismiss(): void
}

export const usePrivacyPromptStore = create<PrivacyPromptState>((set, get) => ({
  request: null,
  refused: null,
  ask(request) {
    // A request still open (another API asked meanwhile) is declined: one prompt at a time, the newest.
    get().request?.refuse()
    set({ request, refused: null })
  },
  agree() {
    const { request } = get()
    set({ request: null, refused: null })
    request?.agree()
  },
  refuse() {
    const { request } = get()
    set({ request: null, refused: request ? request.api : null })
    request?.refuse()
  },
  declined(api) {
    set({ refused: api })
  },
  dismiss() {
    set({ refused: null })
  }
}))
