/**
 * Text files up to this size are read through `fs/download` (authorised, no storage CORS needed)
 * for the preview and offered to the editor; larger ones go to the layer's virtualized text viewer.
 */
export const TEXT_PREVIEW_MAX_BYTES = 2 * 1024 * 1024;
