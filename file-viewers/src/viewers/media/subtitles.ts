import { extensionOf } from '../../source';
import type { FileSource } from '../../types';

/** A subtitle file found next to a video. */
export interface SubtitleCandidate {
  source: FileSource;
  format: 'vtt' | 'srt';
  /** BCP 47 tag from the name ("movie.zh-CN.vtt" → "zh-CN"); null when the name has none. */
  language: string | null;
  /** What the name adds after the video's base name ("en", "forced", ""): the label when it is no language. */
  suffix: string;
}

/** Subtitle files are small: anything larger is not read. */
export const MAX_SUBTITLE_BYTES = 2 * 1024 * 1024;
/** Tracks offered at most (a folder of hundreds of .srt files must not be read in full). */
export const MAX_SUBTITLE_TRACKS = 12;

const LANGUAGE_TAG = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i;

/** The name without its last extension ("movie.en.srt" → "movie.en"). */
function baseName(name: string): string {
  const base = name.split('/').pop() ?? name;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** A language tag in canonical case ("zh_cn" → "zh-CN"), or null when the text is not one. */
export function languageTag(text: string): string | null {
  if (!LANGUAGE_TAG.test(text)) return null;
  const tag = text.replace(/_/g, '-');
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The .vtt/.srt files among a video's neighbours whose name starts with the video's base name and
 * then ends or goes on after a separator ("movie.mp4" → "movie.vtt", "movie.en.srt",
 * "movie.zh-CN.vtt", not "movie2.vtt"): the one without a suffix first, then by name.
 */
export function matchSubtitles(videoName: string, siblings: readonly FileSource[]): SubtitleCandidate[] {
  const video = baseName(videoName).toLowerCase();
  const found: SubtitleCandidate[] = [];
  for (const source of siblings) {
    const ext = extensionOf(source.name);
    if (ext !== 'vtt' && ext !== 'srt') continue;
    if (source.size > MAX_SUBTITLE_BYTES) continue;
    const base = baseName(source.name);
    if (!base.toLowerCase().startsWith(video)) continue;
    const rest = base.slice(video.length);
    if (rest !== '' && !/^[._\- ]/.test(rest)) continue;
    const suffix = rest.replace(/^[._\- ]+/, '');
    found.push({ source, format: ext, language: suffix ? languageTag(suffix) : null, suffix });
  }
  found.sort((a, b) => (a.suffix === '' ? 0 : 1) - (b.suffix === '' ? 0 : 1) || a.source.name.localeCompare(b.source.name));
  return found.slice(0, MAX_SUBTITLE_TRACKS);
}

/** Text of a subtitle file: UTF-8 (with or without BOM), UTF-16 with a BOM, else GB 18030 (Chinese .srt files often are). */
export function decodeSubtitle(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('gb18030').decode(bytes);
    } catch {
      return new TextDecoder('utf-8').decode(bytes);
    }
  }
}

const SRT_TIME = /(\d{1,3}):(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?/g;

function vttTime(_match: string, h: string, m: string, s: string, ms: string | undefined): string {
  return `${h.padStart(2, '0')}:${m.padStart(2, '0')}:${s.padStart(2, '0')}.${(ms ?? '0').padEnd(3, '0')}`;
}

/**
 * SubRip → WebVTT: the header, cue numbers dropped, "00:00:01,500" → "00:00:01.500" (short fields
 * padded), SubRip's position suffix ("X1:…") dropped, BOM and CR/CRLF line ends removed. Text that
 * is already WebVTT is only cleaned the same way.
 */
export function srtToVtt(text: string): string {
  const clean = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (/^WEBVTT(?:[ \t\n]|$)/.test(clean)) return clean;
  const cues: string[] = [];
  for (const block of clean.split(/\n[ \t]*\n+/)) {
    const lines = block
      .replace(/^\s*\n/, '')
      .replace(/\s+$/, '')
      .split('\n');
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0 || timing > 1) continue;
    const [start, end] = lines[timing]!.split('-->').map((part) => part.trim());
    if (!start || !end || !start.match(SRT_TIME) || !end.match(SRT_TIME)) continue;
    const from = start.replace(SRT_TIME, vttTime).split(/\s/)[0];
    const to = end.replace(SRT_TIME, vttTime).split(/\s/)[0];
    // A cue's text may not hold "-->" nor an empty line; keep what a player shows.
    const body = lines.slice(timing + 1).map((line) => line.replace(/-->/g, '→'));
    cues.push([`${from} --> ${to}`, ...body].join('\n'));
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
