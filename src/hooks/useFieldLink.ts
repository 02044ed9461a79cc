import { useId } from 'react'

/**
 * What ties a field to its validation message: the class that marks the field's box (label, control and message)
 * invalid, which platform.revealInvalidField looks for after a refused submit, the control's aria-invalid and
 * aria-describedby (a screen reader reads the message with the field), and the message's id.
 */
export function useFieldLink(error: string | undefined) {
  const messageId = useId()
  return {
    boxClass: error ? 'field--invalid' : '',
    control: { 'aria-invalid': error ? 'true' : 'false', 'aria-describedby': error ? messageId : undefined } as const,
    messageId
  }
}
