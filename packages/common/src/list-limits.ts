// Page sizes of the list calls, apart from the zod schemas: the web's list controls need the numbers, and importing
// them from schemas/common would load zod on every list page.

export const MAX_PER_PAGE = 100;
/** `per_page=all` returns every row up to this cap. */
export const ALL_ROWS_CAP = 1000;
