/**
 * The shopper's influencer profile: where the application stands, and the editor that applies or submits a change.
 * Pictures are uploaded as soon as they are chosen (the profile names them by the server's id) and deleted on the server
 * as soon as they are removed (the file goes too). Sections come from the store's 'influencer' template and move with
 * buttons. Products for picks are found with the store's search; their names are loaded for a saved profile.
 */
import { useCallback, useMemo, useState } from 'react'
import { catalogApi } from '@/api/catalog'
import type { Localized } from '@/api/appInfo'
import {
  influencerApi,
  INFLUENCER_GALLERY_MAX,
  type InfluencerProfileInput,
  type InfluencerSection,
  type InfluencerStatus,
  type MyInfluencerProfile
} from '@/features/influencers/api'
import {
  addPick,
  editableProfile,
  emptyProfile,
  moveItem,
  profileBody,
  problemField,
  profileProblems,
  rewrite,
  sectionFrom,
  uploadIdOf,
  type ProfileProblem,
  type TemplateBlock,
  type TextLanguage
} from '@/features/influencers/influencerProfile'
import { messageOf } from '@/domain/errors'
import { useRevealInvalid } from '@/hooks/useRevealInvalid'
import { chooseOneImage } from '@/hooks/useAccount'
import { useLoad } from '@/hooks/useLoad'
import { useT } from '@/hooks/useT'

export type ImageSlot = 'avatar' | 'cover'

/** What the shopper needs to pick a product: its id and name in both languages. */
export interface PickName {
  id: string
  name: Localized
}

const SEARCH_PAGE = { startingPosition: 0, numberToLoad: 6 }

/** Where the application stands, and the profile itself once there is one. */
async function loadMine(): Promise<{ status: InfluencerStatus; profile: MyInfluencerProfile | null }> {
  const status = await influencerApi.status()
  return { status, profile: status.status === 'NOT_APPLIED' ? null : await influencerApi.myProfile() }
}

export function useInfluencerEditor() {
  const t = useT()
  const loaded = useLoad(loadMine)
  const mine = loaded.data?.profile ?? null
  const applied = !!loaded.data && loaded.data.status.status !== 'NOT_APPLIED'
  const template = useLoad(influencerApi.template)
  const blocks = useMemo<TemplateBlock[]>(
    () => (template.data?.sections ?? []).flatMap((s) => (s.kind === 'influencerSection' ? [{ id: s.id, block: s.block, title: s.title }] : [])),
    [template.data]
  )

  const [editing, setEditing] = useState(false)
  const [profile, setProfile] = useState<InfluencerProfileInput>(emptyProfile)
  const [names, setNames] = useState<Record<string, Localized>>({})
  const [errors, setErrors] = useState<string[]>([])
  /** A refused save's messages by the field they are shown under (problemField). */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const revealInvalid = useRevealInvalid('.influencer-editor')
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)

  /** The names of the products a saved profile picks (the profile keeps ids only). */
  const loadNames = async (draft: InfluencerProfileInput) => {
    const ids = [...new Set(draft.sections.flatMap((s) => s.productIds ?? []))]
    const found = await Promise.all(ids.map((id) => catalogApi.product(id).then((p) => [id, p.nameContent] as const, () => null)))
    setNames((known) => ({ ...known, ...Object.fromEntries(found.filter((f) => f !== null)) }))
  }

  const startEditing = () => {
    const draft = mine?.draft ?? emptyProfile()
    void loadNames(draft)
    setProfile(editableProfile(draft))
    setErrors([])
    setFieldErrors({})
    setSaved(false)
    setEditing(true)
  }

  const change = (patch: Partial<InfluencerProfileInput>) => setProfile((p) => ({ ...p, ...patch }))
  const changeSection = (index: number, patch: Partial<InfluencerSection>) =>
    setProfile((p) => ({ ...p, sections: p.sections.map((s, i) => (i === index ? { ...s, ...patch } : s)) }))
  /** The name line in one language; the plain displayName follows (the en one, else the zh one). */
  const changeName = (language: TextLanguage, text: string) =>
    setProfile((p) => {
      const { content, plain } = rewrite(p.displayNameContent, language, text)
      return { ...p, displayNameContent: content, displayName: plain }
    })
  const changeSectionTitle = (index: number, language: TextLanguage, text: string) =>
    setProfile((p) => ({
      ...p,
      sections: p.sections.map((s, i) => {
        if (i !== index) return s
        const { content, plain } = rewrite(s.titleContent, language, text)
        return { ...s, titleContent: content, title: plain }
      })
    }))

  /** Chooses and uploads a picture; answers its name, or null (closed picker, refused upload: then errors says why). */
  const uploadChosen = async (): Promise<string | null> => {
    const path = await chooseOneImage()
    if (!path) return null
    try {
      setBusy(true)
      const { image } = await influencerApi.uploadImage(path)
      setErrors([])
      return image
    } catch (err) {
      setErrors([t('influencer.uploadFailed', { message: messageOf(err) })])
      return null
    } finally {
      setBusy(false)
    }
  }

  /** Deletes a picture on the server (its file goes); answers whether it worked. */
  const deleteImage = async (image: string): Promise<boolean> => {
    try {
      await influencerApi.deleteImage(uploadIdOf(image))
      return true
    } catch (err) {
      setErrors([messageOf(err)])
      return false
    }
  }

  const addGalleryImage = async () => {
    if (profile.gallery.length >= INFLUENCER_GALLERY_MAX) return
    const image = await uploadChosen()
    if (image) setProfile((p) => ({ ...p, gallery: [...p.gallery, image] }))
  }
  const removeGalleryImage = async (image: string) => {
    if (await deleteImage(image)) setProfile((p) => ({ ...p, gallery: p.gallery.filter((g) => g !== image) }))
  }
  const moveGalleryImage = (index: number, delta: number) => setProfile((p) => ({ ...p, gallery: moveItem(p.gallery, index, delta) }))

  const chooseSlotImage = async (slot: ImageSlot) => {
    const image = await uploadChosen()
    if (image) change({ [slot]: image })
  }
  const removeSlotImage = async (slot: ImageSlot) => {
    const image = profile[slot]
    if (image && (await deleteImage(image))) change({ [slot]: null })
  }

  const addSection = (block: TemplateBlock) => setProfile((p) => ({ ...p, sections: [...p.sections, sectionFrom(block)] }))
  const removeSection = (index: number) => setProfile((p) => ({ ...p, sections: p.sections.filter((_, i) => i !== index) }))
  const moveSection = (index: number, delta: number) => setProfile((p) => ({ ...p, sections: moveItem(p.sections, index, delta) }))
  const chooseSectionImage = async (index: number) => {
    const image = await uploadChosen()
    if (image) changeSection(index, { image })
  }
  const addProduct = (index: number, pick: PickName) => {
    setNames((known) => ({ ...known, [pick.id]: pick.name }))
    setProfile((p) => ({ ...p, sections: p.sections.map((s, i) => (i === index ? addPick(s, pick.id) : s)) }))
  }
  const removeProduct = (index: number, id: string) =>
    setProfile((p) => ({ ...p, sections: p.sections.map((s, i) => (i === index ? { ...s, productIds: (s.productIds ?? []).filter((x) => x !== id) } : s)) }))
  const searchProducts = useCallback(async (term: string): Promise<PickName[]> => {
    const page = await catalogApi.search(term.trim(), SEARCH_PAGE)
    return page.products.map((p) => ({ id: p.id, name: p.nameContent }))
  }, [])

  const addLink = () => setProfile((p) => ({ ...p, socialLinks: [...p.socialLinks, { label: '', url: 'https://' }] }))
  const changeLink = (index: number, patch: { label?: string; url?: string }) =>
    setProfile((p) => ({ ...p, socialLinks: p.socialLinks.map((l, i) => (i === index ? { ...l, ...patch } : l)) }))
  const removeLink = (index: number) => setProfile((p) => ({ ...p, socialLinks: p.socialLinks.filter((_, i) => i !== index) }))

  const problemText = (problems: ProfileProblem[]): string[] =>
    problems.map((p) => {
      if (p.field === 'displayName') return t('influencer.error.displayName')
      if (p.field === 'bio') return t('influencer.error.bio')
      if (p.field === 'gallery') return t('influencer.error.gallery', { max: INFLUENCER_GALLERY_MAX })
      if (p.field === 'link') return t('influencer.error.link', { n: p.index + 1 })
      return t(`influencer.error.${p.kind}`, { n: p.index + 1 })
    })

  const save = async () => {
    const body = profileBody(profile)
    const found = profileProblems(body)
    const problems = problemText(found)
    setErrors(problems)
    const byField: Record<string, string> = {}
    found.forEach((p, i) => {
      const field = problemField(p)
      if (field && !byField[field]) byField[field] = problems[i]
    })
    setFieldErrors(byField)
    // Refused: the focus and the view go to the first field with a message (as on checkout and contact).
    if (problems.length) return revealInvalid()
    setBusy(true)
    try {
      const next: MyInfluencerProfile = applied ? await influencerApi.update(body) : await influencerApi.apply(body)
      loaded.setData({ status: { status: next.status, review: next.review, id: next.id, reason: next.reason, ...(next.refusedBy ? { refusedBy: next.refusedBy } : {}), likes: next.likes }, profile: next })
      setEditing(false)
      setSaved(true)
    } catch (err) {
      setErrors(err instanceof Error && 'errors' in err ? (err as { errors: string[] }).errors : [messageOf(err)])
    } finally {
      setBusy(false)
    }
  }

  return {
    status: loaded.data?.status ?? null,
    loading: loaded.loading,
    loadError: loaded.error,
    reload: loaded.reload,
    blocks,
    editing,
    startEditing,
    cancelEditing: () => setEditing(false),
    profile,
    names,
    errors,
    /** The message under a field after a refused save. */
    fieldError: (name: string): string | undefined => fieldErrors[name],
    busy,
    saved,
    change,
    changeSection,
    changeName,
    changeSectionTitle,
    addGalleryImage,
    removeGalleryImage,
    moveGalleryImage,
    chooseSlotImage,
    removeSlotImage,
    addSection,
    removeSection,
    moveSection,
    chooseSectionImage,
    addProduct,
    removeProduct,
    searchProducts,
    addLink,
    changeLink,
    removeLink,
    save
  }
}

export type InfluencerEditor = ReturnType<typeof useInfluencerEditor>
