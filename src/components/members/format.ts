import { formatLocalDate } from '@/domain/dates'

/** A date as the member pages show it (the shopper's own calendar day). */
export const formatDate = (iso: string) => formatLocalDate(iso)
