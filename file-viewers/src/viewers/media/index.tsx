import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewerError } from '../../errors';
import { VIEWERS_NAMESPACE } from '../../i18n/resources';
import { readBytes } from '../../source';
import type { FileSource, ViewerProps } from '../../types';
import { useElementUrl } from '../../use-element-url';
import { decodeSubtitle, matchSubtitles, MAX_SUBTITLE_BYTES, srtToVtt, type SubtitleCandidate } from './subtitles';
import './media.css';

/** A subtitle ready for a <track>: WebVTT in an object URL. */
export interface SubtitleTrack {
  url: string;
  label: string;
  language: string | null;
  name: string;
}

function languageName(tag: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** Reads, converts and wraps the subtitles found next to a video; a file that cannot be read is left out. */
export async function loadSubtitles(
  candidates: SubtitleCandidate[],
  labelOf: (candidate: SubtitleCandidate) => string,
  signal: AbortSignal,
): Promise<SubtitleTrack[]> {
  const tracks: SubtitleTrack[] = [];
  for (const candidate of candidates) {
    try {
      const bytes = await readBytes(candidate.source, { signal, maxBytes: MAX_SUBTITLE_BYTES });
      const vtt = srtToVtt(decodeSubtitle(bytes));
      if (signal.aborted) break;
      tracks.push({
        url: URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' })),
        label: labelOf(candidate),
        language: candidate.language,
        name: candidate.source.name,
      });
    } catch (error) {
      if (signal.aborted) break;
      // One unreadable subtitle file does not stop the video.
      void error;
    }
  }
  return tracks;
}

/** The media element's error as the fallback's reason: a network failure, else a format the browser cannot play. */
function mediaError(element: HTMLMediaElement): ViewerError {
  const code = element.error?.code;
  if (code === 2 /* MEDIA_ERR_NETWORK */) return new ViewerError('unreachable', element.error?.message);
  return new ViewerError('unsupported', element.error?.message || 'media error');
}

/** "1:02:03" or "2:03": the length of a recording. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The details a player shows once it knows them: length, and a video's picture size. */
function describeMedia(element: HTMLMediaElement): string | null {
  const parts = [formatDuration(element.duration)];
  if (element instanceof HTMLVideoElement && element.videoWidth > 0) parts.push(`${element.videoWidth} × ${element.videoHeight}`);
  const text = parts.filter(Boolean).join(' · ');
  return text || null;
}

function useSubtitles(source: FileSource, enabled: boolean): SubtitleTrack[] {
  const { t, i18n } = useTranslation(VIEWERS_NAMESPACE);
  const [tracks, setTracks] = useState<SubtitleTrack[]>([]);
  const uiLanguage = i18n.language;
  useEffect(() => {
    if (!enabled || !source.siblings) return undefined;
    const controller = new AbortController();
    let made: SubtitleTrack[] = [];
    source
      .siblings()
      .then((siblings) => {
        const candidates = matchSubtitles(source.name, siblings);
        return loadSubtitles(
          candidates,
          (candidate) => (candidate.language ? languageName(candidate.language, uiLanguage) : candidate.suffix || t('media.subtitles')),
          controller.signal,
        );
      })
      .then((loaded) => {
        made = loaded;
        if (controller.signal.aborted) loaded.forEach((track) => URL.revokeObjectURL(track.url));
        else setTracks(loaded);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      made.forEach((track) => URL.revokeObjectURL(track.url));
      setTracks([]);
    };
  }, [source, enabled, uiLanguage, t]);
  return tracks;
}

/** Video and audio in the browser's own player (seeking through byte ranges), with subtitles found next to a video. */
export default function MediaViewer({ source, kind, label, onError }: ViewerProps) {
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  const url = useElementUrl(source, onError);
  const videoRef = useRef<HTMLVideoElement>(null);
  const isVideo = kind === 'video';
  const tracks = useSubtitles(source, isVideo);
  const [meta, setMeta] = useState<string | null>(null);

  // Tracks added after the video started do not pick their default themselves: show the first one.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || tracks.length === 0) return;
    const list = video.textTracks;
    for (let index = 0; index < list.length; index += 1) list[index]!.mode = index === 0 ? 'showing' : 'disabled';
  }, [tracks]);

  if (!url) return null;
  const fail = (event: { currentTarget: HTMLMediaElement }) => onError(mediaError(event.currentTarget));
  const describe = (event: { currentTarget: HTMLMediaElement }) => setMeta(describeMedia(event.currentTarget));

  return (
    <div
      className={`cv-media cv-stack cv-media--${isVideo ? 'video' : 'audio'}`}
      data-testid="viewer-media"
      role="region"
      aria-label={label}
    >
      {isVideo ? (
        <video
          ref={videoRef}
          className="cv-media__video"
          src={url}
          controls
          preload="metadata"
          playsInline
          aria-label={label}
          data-testid="preview-video"
          onError={fail}
          onLoadedMetadata={describe}
        >
          {tracks.map((track, index) => (
            <track
              key={track.url}
              kind="subtitles"
              src={track.url}
              label={track.label}
              srcLang={track.language ?? undefined}
              default={index === 0}
              data-testid="preview-subtitle"
            />
          ))}
          {t('media.noPlayer')}
        </video>
      ) : (
        <audio
          className="cv-media__audio"
          src={url}
          controls
          preload="metadata"
          aria-label={label}
          data-testid="preview-audio"
          onError={fail}
          onLoadedMetadata={describe}
        >
          {t('media.noPlayer')}
        </audio>
      )}
      {meta && (
        <p className="cv-media__note" data-testid="preview-media-details">
          {meta}
        </p>
      )}
      {tracks.length > 0 && (
        <p className="cv-media__note" data-testid="preview-subtitles-note">
          {t('media.subtitlesFound', { names: tracks.map((track) => track.label).join(t('media.listSeparator')) })}
        </p>
      )}
    </div>
  );
}
