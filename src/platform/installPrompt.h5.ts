/**
 * The browser's install offer (`beforeinstallprompt`), kept from the moment it fires: it usually arrives
 * before the shell mounts, and it can be shown only once.
 */
import type { InstallPromptCapability } from './types'

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let stored: BeforeInstallPromptEvent | null = null
const listeners = new Set<() => void>()

window.addEventListener('beforeinstallprompt', (event) => {
  // Keep the browser's own mini-infobar away; the shell shows its banner instead.
  event.preventDefault()
  stored = event as BeforeInstallPromptEvent
  listeners.forEach((listener) => listener())
})

export const browserInstallPrompt: InstallPromptCapability = {
  onAvailable(listener) {
    listeners.add(listener)
    if (stored) listener()
    return () => {
      listeners.delete(listener)
    }
  },
  async prompt() {
    const event = stored
    if (!event) return false
    await event.prompt()
    const choice = await event.userChoice
    return choice.outcome === 'accepted'
  },
  clear() {
    stored = null
  }
}
