/** The admin area (login) lives in another remote: the host navigates there (bus `navigate`). */
export const LOGIN_PATH = '/admin';

/** Query parameter naming the file previewed in place (spec §2). */
export const PREVIEW_PARAM = 'preview';
