import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { Img } from '@/components/taro/Img'
import { INFLUENCER_GALLERY_MAX, type InfluencerSection } from '@/features/influencers/api'
import { BusyButton } from '@/components/account/BusyButton'
import { Field } from '@/components/account/Field'
import { PICKS_MAX } from '@/features/influencers/influencerProfile'
import { messageOf } from '@/domain/errors'
import { useImageUrl } from '@/hooks/useImageUrl'
import type { InfluencerEditor as Editor, ImageSlot, PickName } from '@/features/influencers/hooks/useInfluencerEditor'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import '@/components/account/MyAccount.scss'
import './Influencers.scss'

/** Up / down (or left / right) buttons: reordering never needs dragging. */
function MoveButtons({ index, count, onMove, sideways }: { index: number; count: number; onMove(delta: number): void; sideways?: boolean }) {
  const t = useT()
  return (
    <View className="influencer-move">
      {index > 0 ? (
        <Button size="mini" className="influencer-move__back" onClick={() => onMove(-1)}>
          {sideways ? t('influencer.moveLeft') : t('influencer.moveUp')}
        </Button>
      ) : null}
      {index < count - 1 ? (
        <Button size="mini" className="influencer-move__on" onClick={() => onMove(1)}>
          {sideways ? t('influencer.moveRight') : t('influencer.moveDown')}
        </Button>
      ) : null}
    </View>
  )
}

function Picture({ image, label }: { image: string; label: string }) {
  const url = useImageUrl()
  return <Img className="influencer-editor__thumb" src={url(image)} mode="aspectFill" alt={label} />
}

function SlotImage({ slot, editor }: { slot: ImageSlot; editor: Editor }) {
  const t = useT()
  const image = editor.profile[slot]
  const label = slot === 'avatar' ? t('influencer.field.avatar') : t('influencer.field.cover')
  return (
    <View className={`influencer-editor__slot influencer-editor__slot--${slot}`}>
      <Text className="account-field__label">{label}</Text>
      {image ? <Picture image={image} label={label} /> : null}
      <View className="influencer-editor__row">
        <Button size="mini" onClick={() => editor.chooseSlotImage(slot)}>
          {t('influencer.chooseImage')}
        </Button>
        {image ? (
          <Button size="mini" onClick={() => editor.removeSlotImage(slot)}>
            {t('influencer.removeImage')}
          </Button>
        ) : null}
      </View>
    </View>
  )
}

function PicksEditor({ index, section, editor }: { index: number; section: InfluencerSection; editor: Editor }) {
  const t = useT()
  const localized = useLocalized()
  const [term, setTerm] = useState('')
  const [results, setResults] = useState<PickName[] | null>(null)
  const [searchError, setSearchError] = useState<string | null>(null)
  const ids = section.productIds ?? []
  const nameOf = (id: string) => {
    const name = editor.names[id]
    return name ? localized(name, name.en) : `#${id}`
  }
  const search = async () => {
    if (!term.trim()) return
    setSearchError(null)
    try {
      setResults(await editor.searchProducts(term))
    } catch (err) {
      setSearchError(messageOf(err))
    }
  }
  return (
    <View className="influencer-editor__picks">
      {ids.map((id) => (
        <View key={id} className="influencer-editor__pick" data-product-id={id}>
          <Text className="influencer-editor__pick-name">{nameOf(id)}</Text>
          <Button size="mini" onClick={() => editor.removeProduct(index, id)}>
            {t('influencer.removePick')}
          </Button>
        </View>
      ))}
      {ids.length < PICKS_MAX ? (
        <View className="influencer-editor__search">
          <Field name={`pickSearch${index}`} label={t('influencer.searchProducts')} value={term} onChange={setTerm} onSubmit={search} maxlength={100} />
          <Button size="mini" className="influencer-editor__search-go" onClick={search}>
            {t('influencer.search')}
          </Button>
        </View>
      ) : null}
      {searchError ? (
        <View className="account-field__error" role="alert">
          {searchError}
        </View>
      ) : null}
      {results && !results.length ? <Text className="influencer-editor__hint">{t('influencer.noResults')}</Text> : null}
      {results?.length ? (
        <View className="influencer-editor__results">
          {results.map((r) => (
            <View key={r.id} className="influencer-editor__result" data-product-id={r.id}>
              <Text>{localized(r.name, r.name.en)}</Text>
              {!ids.includes(r.id) ? (
                <Button size="mini" className="influencer-editor__add-pick" onClick={() => editor.addProduct(index, r)}>
                  {t('influencer.addPick')}
                </Button>
              ) : null}
            </View>
          ))}
        </View>
      ) : null}
    </View>
  )
}

function SectionEditor({ index, section, editor }: { index: number; section: InfluencerSection; editor: Editor }) {
  const t = useT()
  return (
    <View className={`influencer-editor__section influencer-editor__section--${section.kind}`} data-section={section.template}>
      <Field name={`sectionTitle${index}`} label={t('influencer.sectionTitle')} value={section.titleContent?.en ?? ''} onChange={(en) => editor.changeSectionTitle(index, 'en', en)} maxlength={80} />
      <Field name={`sectionTitleZh${index}`} label={t('influencer.sectionTitleZh')} value={section.titleContent?.zh ?? ''} onChange={(zh) => editor.changeSectionTitle(index, 'zh', zh)} maxlength={80} />
      {section.kind === 'text' ? (
        <Field name={`sectionText${index}`} label={t('influencer.sectionText')} value={section.text ?? ''} onChange={(text) => editor.changeSection(index, { text })} maxlength={4000} multiline error={editor.fieldError(`sectionText${index}`)} />
      ) : null}
      {section.kind === 'image' ? (
        <View className="influencer-editor__row">
          {section.image ? <Picture image={section.image} label={section.title} /> : null}
          <Button size="mini" onClick={() => editor.chooseSectionImage(index)}>
            {t('influencer.chooseImage')}
          </Button>
        </View>
      ) : null}
      {section.kind === 'picks' ? <PicksEditor index={index} section={section} editor={editor} /> : null}
      <View className="influencer-editor__row">
        <MoveButtons index={index} count={editor.profile.sections.length} onMove={(delta) => editor.moveSection(index, delta)} />
        <Button size="mini" className="influencer-editor__remove-section" onClick={() => editor.removeSection(index)}>
          {t('influencer.removeSection')}
        </Button>
      </View>
    </View>
  )
}

/** The profile form: name line and bios in en and zh, pictures, gallery, links and sections; every list reorders with buttons. */
export function InfluencerEditor({ editor }: { editor: Editor }) {
  const t = useT()
  const localized = useLocalized()
  const { profile } = editor
  return (
    <View className="influencer-editor">
      <Field name="displayName" label={t('influencer.field.displayName')} value={profile.displayNameContent?.en ?? ''} onChange={(en) => editor.changeName('en', en)} maxlength={60} error={editor.fieldError('displayName')} />
      <Field name="displayNameZh" label={t('influencer.field.displayNameZh')} value={profile.displayNameContent?.zh ?? ''} onChange={(zh) => editor.changeName('zh', zh)} maxlength={60} />
      <Field name="bioEn" label={t('influencer.field.bioEn')} value={profile.bio.en} onChange={(en) => editor.change({ bio: { ...profile.bio, en } })} maxlength={2000} multiline error={editor.fieldError('bioEn')} />
      <Field name="bioZh" label={t('influencer.field.bioZh')} value={profile.bio.zh} onChange={(zh) => editor.change({ bio: { ...profile.bio, zh } })} maxlength={2000} multiline />
      <SlotImage slot="avatar" editor={editor} />
      <SlotImage slot="cover" editor={editor} />

      <View className="influencer-editor__gallery">
        <Text className="account-field__label">{t('influencer.gallery', { n: profile.gallery.length, max: INFLUENCER_GALLERY_MAX })}</Text>
        {profile.gallery.map((image, i) => (
          <View key={image} className="influencer-editor__gallery-item" data-image={image}>
            <Picture image={image} label={t('influencer.image', { n: i + 1 })} />
            <MoveButtons index={i} count={profile.gallery.length} onMove={(delta) => editor.moveGalleryImage(i, delta)} sideways />
            <Button size="mini" onClick={() => editor.removeGalleryImage(image)}>
              {t('influencer.removeImage')}
            </Button>
          </View>
        ))}
        {profile.gallery.length < INFLUENCER_GALLERY_MAX ? (
          <Button size="mini" className="influencer-editor__add-image" onClick={editor.addGalleryImage}>
            {t('influencer.addImage')}
          </Button>
        ) : null}
      </View>

      <View className="influencer-editor__links">
        <Text className="account-field__label">{t('influencer.links')}</Text>
        {profile.socialLinks.map((link, i) => (
          <View key={i} className="influencer-editor__link">
            <Field name={`linkLabel${i}`} label={t('influencer.linkLabel')} value={link.label} onChange={(label) => editor.changeLink(i, { label })} maxlength={40} error={editor.fieldError(`linkLabel${i}`)} />
            <Field name={`linkUrl${i}`} label={t('influencer.linkUrl')} value={link.url} onChange={(url) => editor.changeLink(i, { url })} maxlength={300} />
            <Button size="mini" onClick={() => editor.removeLink(i)}>
              {t('influencer.removeLink')}
            </Button>
          </View>
        ))}
        {profile.socialLinks.length < 6 ? (
          <Button size="mini" onClick={editor.addLink}>
            {t('influencer.addLink')}
          </Button>
        ) : null}
      </View>

      <View className="influencer-editor__sections">
        <Text className="account-field__label">{t('influencer.sections')}</Text>
        {profile.sections.map((section, i) => (
          <SectionEditor key={`${i}-${section.template}`} index={i} section={section} editor={editor} />
        ))}
        <View className="influencer-editor__row">
          {editor.blocks.map((block) => (
            <Button key={block.id} size="mini" className="influencer-editor__add-section" data-block={block.id} onClick={() => editor.addSection(block)}>
              {t('influencer.addSection', { title: localized(block.title, block.title.en ?? block.id) })}
            </Button>
          ))}
        </View>
      </View>

      {editor.errors.length ? (
        <View className="account-form__error" role="alert">
          {editor.errors.map((e) => (
            <Text key={e} className="influencer-editor__error">
              {e}
            </Text>
          ))}
        </View>
      ) : null}
      <View className="influencer-editor__row">
        <BusyButton className="my-account__primary influencer-editor__save" size="mini" busy={editor.busy} onClick={editor.save}>
          {t('influencer.save')}
        </BusyButton>
        <Button size="mini" onClick={editor.cancelEditing}>
          {t('influencer.cancel')}
        </Button>
      </View>
    </View>
  )
}
