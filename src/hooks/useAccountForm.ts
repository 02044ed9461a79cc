import { useCallback, useState } from 'react'
import { ApiError } from '@/api/http'
import { hasErrors, MIN_PASSWORD_LENGTH, type FieldErrors } from '@/domain/accountForms'
import { messageOf } from '@/domain/errors'
import type { MessageKey } from '@/i18n'
import { useRevealInvalid } from './useRevealInvalid'
import { useT } from './useT'

/** The form's text fields (optional ones too, shown empty while unset). */
type TextKey<V> = { [K in keyof V]-?: V[K] extends string | null | undefined ? (string extends V[K] ? K : never) : never }[keyof V] & string

export interface AccountForm<V extends object> {
  values: V
  /** Field messages, already in the shopper's language. */
  errors: Partial<Record<keyof V, string>>
  /** The server's answer to the last submit, in words; the typed values stay as they were. */
  serverError: string | null
  busy: boolean
  setField<K extends keyof V>(field: K, value: V[K]): void
  /** What a text Field of `name` takes from the form: its name, value, change handler and message. */
  field(name: TextKey<V>): { name: string; value: string; onChange(value: string): void; error?: string }
  /** Validates, then runs `send`; returns whether it succeeded. */
  submit(send: (values: V) => Promise<void>): Promise<boolean>
  setValues(values: V): void
}

/**
 * Form state shared by the account screens: field rules from src/domain/accountForms.ts, a field's message
 * clears as the shopper fixes it, and a failed call keeps every typed value. `explain` turns a status the
 * screen words itself (401 on sign-in) into a message key; anything else shows the server's first message.
 */
export function useAccountForm<V extends object>(
  initial: V,
  validate: (values: V) => FieldErrors<Extract<keyof V, string>>,
  explain: (error: ApiError) => MessageKey | null = () => null
): AccountForm<V> {
  const t = useT()
  const [values, setValues] = useState(initial)
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Extract<keyof V, string>>>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const revealInvalid = useRevealInvalid()

  const setField = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }))
    setFieldErrors((prev) => {
      if (!(field in prev)) return prev
      const next = { ...prev }
      delete next[field as unknown as Extract<keyof V, string>]
      return next
    })
  }, [])

  const submit = async (send: (values: V) => Promise<void>) => {
    const found = validate(values)
    setFieldErrors(found)
    setServerError(null)
    if (hasErrors(found)) {
      revealInvalid()
      return false
    }
    setBusy(true)
    try {
      await send(values)
      return true
    } catch (err) {
      const key = err instanceof ApiError ? explain(err) : null
      setServerError(key ? t(key) : messageOf(err, t))
      return false
    } finally {
      setBusy(false)
    }
  }

  const errors: Partial<Record<keyof V, string>> = {}
  for (const [field, error] of Object.entries(fieldErrors)) {
    if (error) errors[field as keyof V] = t(`account.error.${error}` as MessageKey, { min: MIN_PASSWORD_LENGTH })
  }
  const field = (name: TextKey<V>) => ({
    name,
    value: (values[name] as string | null | undefined) ?? '',
    onChange: (value: string) => setField(name, value as V[typeof name]),
    error: errors[name]
  })
  return { values, errors, serverError, busy, setField, field, submit, setValues }
}
