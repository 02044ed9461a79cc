/**
 * Verified contact in my account: what the server holds (status, masked id number), and the form that submits or changes
 * it with a photo of the ID document. The photo is uploaded on submit through the same upload path as the profile
 * picture; an uploaded photo is kept for a retry, so a refused submit does not upload it twice. The photo on file is
 * shown back to its owner.
 */
import { useCallback, useState } from 'react'
import { accountApi, type IdType, type VerifiedContactEntry } from '@/api/account'
import { normaliseIdNumber, validateVerifiedContact, type VerifiedContactValues } from '@/domain/accountForms'
import { messageOf } from '@/domain/errors'
import { useAppInfo } from '@/stores/appInfo'
import { chooseOneImage } from './useAccount'
import { useAccountForm } from './useAccountForm'
import { useLoad } from './useLoad'
import { useT } from './useT'

const EMPTY: VerifiedContactValues = { realName: '', phone: '', idType: '', idNumber: '', photo: '' }

export function useVerifiedContact() {
  const t = useT()
  const profilePhone = useAppInfo((s) => s.info?.user?.phone)
  const { data: contact, error: loadError, reload, setData: setContact } = useLoad(accountApi.verifiedContact)
  const [editing, setEditing] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  /** The last photo uploaded from this form, by local path. */
  const [uploaded, setUploaded] = useState<{ path: string; idImage: string } | null>(null)
  const onFile = contact && contact.status !== 'NONE' ? contact : null
  // The photo on file, shown back to its owner only (the server answers no other session); without it the panel says
  // a photo is on file.
  const idImage = onFile?.idImage ?? null
  const loadPhoto = useCallback(() => accountApi.idPhoto(idImage as string), [idImage])
  const photoOnFile = useLoad(loadPhoto, !!idImage).data
  const form = useAccountForm<VerifiedContactValues>(EMPTY, (values) => validateVerifiedContact(values, onFile))

  const startEditing = () => {
    form.setValues({
      realName: onFile?.realName ?? '',
      phone: onFile?.phone ?? profilePhone ?? '',
      idType: onFile?.idType ?? '',
      idNumber: '',
      photo: ''
    })
    setSubmitted(false)
    setEditing(true)
  }

  const choosePhoto = async () => {
    const path = await chooseOneImage()
    if (path) form.setField('photo', path)
  }

  const chooseIdType = (idType: IdType) => form.setField('idType', idType)

  const uploadPhoto = async (path: string): Promise<string> => {
    if (uploaded?.path === path) return uploaded.idImage
    try {
      const { idImage } = await accountApi.uploadIdPhoto(path)
      setUploaded({ path, idImage })
      return idImage
    } catch (err) {
      throw new Error(t('user.verified.photoFailed', { message: messageOf(err) }))
    }
  }

  const save = () =>
    form.submit(async (values) => {
      const idImage = values.photo ? await uploadPhoto(values.photo) : undefined
      const number = normaliseIdNumber(values.idNumber)
      const fields = {
        realName: values.realName.trim(),
        phone: values.phone.trim(),
        idType: values.idType as IdType,
        ...(number ? { idNumber: number } : {}),
        ...(idImage ? { idImage } : {})
      }
      const next = onFile ? await accountApi.updateVerifiedContact(fields) : await accountApi.submitVerifiedContact(fields as Required<VerifiedContactEntry>)
      setContact(next)
      setEditing(false)
      setSubmitted(true)
    })

  return {
    contact,
    status: contact?.status ?? null,
    onFile,
    photoOnFile,
    loadError,
    reload,
    editing,
    submitted,
    startEditing,
    cancelEditing: () => setEditing(false),
    form,
    choosePhoto,
    chooseIdType,
    save
  }
}
