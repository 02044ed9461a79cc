import { View, Text } from '@tarojs/components'
import { Input, Textarea } from '@/components/taro/FormComponents'
import { useFieldLink } from '@/hooks/useFieldLink'
import { platform } from '@/platform'
import './AccountForm.scss'

interface FieldProps {
  /** Also the input's name (e2e tests and password managers find fields by it). */
  name: string
  label: string
  value: string
  onChange(value: string): void
  error?: string
  password?: boolean
  /** Browser autofill hint (H5). */
  autoComplete?: string
  /**
   * The keyboard for it: on H5 e-mail or phone keys (type and inputmode; any other field asks for text keys); on the
   * mini-programs the number keyboard for a phone (platform.keyboardType).
   */
  inputType?: 'email' | 'tel'
  onBlur?(): void
  maxlength?: number
  /** Enter on the web, the keyboard's Go on a phone: submits the form the field is in. */
  onSubmit?(): void
  /** Several lines (a message) instead of one. */
  multiline?: boolean
}

/** A labelled text field with its validation message underneath. */
export function Field({ name, label, value, onChange, error, password, autoComplete, inputType, onBlur, maxlength = 200, onSubmit, multiline }: FieldProps) {
  const link = useFieldLink(error)
  const nativeProps = {
    'aria-label': label,
    ...link.control,
    autoComplete,
    ...(password ? {} : { inputMode: inputType ?? 'text' }),
    ...(inputType ? { type: inputType } : {})
  }
  return (
    <View className={error ? `account-field account-field--invalid ${link.boxClass}` : 'account-field'}>
      <Text className="account-field__label">{label}</Text>
      {multiline ? (
        <Textarea
          className="account-field__input account-field__input--multiline"
          name={name}
          value={value}
          maxlength={maxlength}
          nativeProps={nativeProps}
          onInput={(e) => onChange(e.detail.value)}
          onBlur={onBlur}
        />
      ) : (
        <Input
          className="account-field__input"
          name={name}
          value={value}
          password={password}
          type={inputType ? platform.keyboardType(inputType) : undefined}
          maxlength={maxlength}
          ariaLabel={label}
          nativeProps={nativeProps}
          onInput={(e) => onChange(e.detail.value)}
          onBlur={onBlur}
          confirmType={onSubmit ? 'go' : undefined}
          onConfirm={onSubmit}
        />
      )}
      {error ? (
        <View className="account-field__error" id={link.messageId} role="alert">
          {error}
        </View>
      ) : null}
    </View>
  )
}

/** The server's answer to a submit, shown above the button. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <View className="account-form__error" role="alert">
      <Text>{message}</Text>
    </View>
  ) : null
}
