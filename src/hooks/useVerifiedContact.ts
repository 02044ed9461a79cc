/**
 * Verified contact in my account: what the server holds (status, masked id number), and the form that submits or changes
 * it with a photo of the ID document. The photo is uploaded on submit through the same upload path as the profile
 * picture; an uploaded photo is kept for a retry, so a refused submit does not upload it twice. The photo on file is
 * shown back to its owner.
 *
 * Issue 41 item 3 (PIPL Art. 28–29): before the form, a separate consent step says why the ID details are asked, who
 * sees them and how long they are kept; the form opens only once the shopper agrees (to ID_PURPOSE_VERSION; a new
 * wording asks again). "Delete my ID details" asks for confirmation, then deletes the contact, number, photo and consent.
 */
import { useCallback, useState } from 'react'
import { accountApi, ID_PURPOSE_VERSION, type IdType, type VerifiedContactEntry } from '@/api/account'
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
  /** The consent step is shown (the shopper asked to add or change their details without a current consent). */
  const [consenting, setConsenting] = useState(false)
  const [consentBusy, setConsentBusy] = useState(false)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const [deleteBusy, setDeleteBusy] = useState(false)
  const [deleted, setDeleted] = useState(false)
  /** A failed consent or delete call, worded for the panel. */
  const [actionError, setActionError] = useState<string | null>(null)
  const consented = contact?.consentVersion === ID_PURPOSE_VERSION
  /** The last photo uploaded from this form, by local path. */
  const [uploaded, setUploaded] = useState<{ path: string; idImage: string } | null>(null)
  const onFile = contact && contact.status !== 'NONE' ? contact : null
  // The photo on file, shown back to its owner only (the server answers no other session); without it the panel says
  // a photo is on file.
  const idImage = onFile?.idImage ?? null
  const loadPhoto = useCallback(() => accountApi.idPhoto(idImage as string), [idImage])
  const photoOnFile = useLoad(loadPhoto, !!idImage).data
  const form = useAccountForm<VerifiedContactValues>(EMPTY, (values) => validateVerifiedContact(values, onFile))

  const openForm = () => {
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

  /** Add or change: the consent step first unless the shopper has agreed to the purpose as it is worded now. */
  const startEditing = () => {
    setDeleted(false)
    setActionError(null)
    if (consented) openForm()
    else setConsenting(true)
  }

  const agree = async () => {
    setConsentBusy(true)
    setActionError(null)
    try {
      setContact(await accountApi.consentToIdPurpose(ID_PURPOSE_VERSION))
      setConsenting(false)
      openForm()
    } catch (err) {
      setActionError(messageOf(err, t))
    } finally {
      setConsentBusy(false)
    }
  }

  const deleteDetails = async () => {
    setDeleteBusy(true)
    setActionError(null)
    try {
      setContact(await accountApi.deleteVerifiedContact())
      setUploaded(null)
      setEditing(false)
      setSubmitted(false)
      setConfirmingDelete(false)
      setDeleted(true)
    } catch (err) {
      setActionError(t('user.verified.deleteFailed', { message: messageOf(err, t) }))
    } finally {
      setDeleteBusy(false)
    }
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
    consenting,
    consentBusy,
    agree,
    declineConsent: () => setConsenting(false),
    /** Whether there is anything of the shopper's to delete (a contact, or a consent given). */
    canDelete: !!onFile || !!contact?.consentVersion,
    confirmingDelete,
    askDelete: () => { setActionError(null); setConfirmingDelete(true) },
    cancelDelete: () => setConfirmingDelete(false),
    deleteBusy,
    deleteDetails,
    deleted,
    actionError,
    cancelEditing: () => setEditing(false),
    form,
    choosePhoto,
    chooseIdType,
    save
  }
}
