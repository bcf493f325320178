/**
 * The viewers a file can be shown in. One kind, one lazily loaded chunk (file-viewer.tsx); the kind
 * comes from the name and the type (viewer-kind.ts).
 */
export type ViewerKind =
  | 'image'
  | 'svg'
  | 'video'
  | 'audio'
  | 'pdf'
  | 'document'
  | 'spreadsheet'
  | 'slides'
  | 'ebook'
  | 'archive'
  | 'markdown'
  | 'code'
  | 'html'
  | 'other';

/**
 * A file to show. Either an address the browser can GET (same origin, or a storage that allows it by
 * CORS; byte ranges honoured with 206 where the server can) or bytes already in the page (an entry
 * taken out of an archive).
 */
export interface FileSource {
  /** The file's name (with its extension: it decides the viewer). */
  name: string;
  /** Bytes; -1 when unknown. */
  size: number;
  /** The MIME type the server reported, if any. */
  contentType?: string | null;
  /** Where the bytes are read from (GET, Range). Absent for a `blob` source. */
  url?: string;
  /** The bytes, when they are already in the page. */
  blob?: Blob;
  /**
   * The files next to this one (the explorer's folder), for what a viewer may take from its
   * neighbours: the subtitles of a video. Absent on a share page.
   */
  siblings?: () => Promise<FileSource[]>;
}

/** What every viewer chunk's default export receives. */
export interface ViewerProps {
  source: FileSource;
  kind: ViewerKind;
  /** The accessible name of the viewer's region ("Content of report.docx"). */
  label: string;
  /**
   * The viewer cannot show this file: the layer replaces it with the download fallback and a
   * one-line reason (a `ViewerError`'s reason, else `damaged`). Errors thrown while rendering are
   * caught by the layer's boundary the same way.
   */
  onError: (error: unknown) => void;
}

/** Why a file is not shown (`viewers:fallback.<reason>` in both languages). */
export type FallbackReason = 'unsupported' | 'damaged' | 'too-large' | 'unreachable' | 'encrypted' | 'chunk-failed' | 'no-preview';
