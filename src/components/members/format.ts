import dayjs from 'dayjs'

/** A date as the member pages show it (the shopper's own calendar day). */
export const formatDate = (iso: string) => dayjs(iso).format('YYYY-MM-DD')
