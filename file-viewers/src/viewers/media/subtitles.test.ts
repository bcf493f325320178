import './jsdom-polyfills';
import { SAMPLE_SRT, SAMPLE_VTT } from '../../../fixtures/media.mjs';
import type { FileSource } from '../../types';
import { decodeSubtitle, languageTag, matchSubtitles, MAX_SUBTITLE_BYTES, MAX_SUBTITLE_TRACKS, srtToVtt } from './subtitles';

const file = (name: string, size = 100): FileSource => ({ name, size, url: `/files/${name}` });

describe('srtToVtt', () => {
  test('turns a SubRip file (BOM, CRLF, cue numbers, comma milliseconds) into WebVTT', () => {
    expect(srtToVtt(SAMPLE_SRT)).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello from the subtitles\n\n00:00:01.500 --> 00:00:03.000\nSecond line\n<i>in italics</i>\n',
    );
  });

  test('pads short fields and drops the SubRip position suffix', () => {
    expect(srtToVtt('7\n0:0:5,5 --> 0:01:02,25  X1:10 X2:20 Y1:5 Y2:9\nShort\n')).toBe('WEBVTT\n\n00:00:05.500 --> 00:01:02.250\nShort\n');
  });

  test('skips blocks without a timing line and keeps cue text with an arrow from ending the cue', () => {
    const vtt = srtToVtt('garbage\n\n1\n00:00:01,000 --> 00:00:02,000\na --> b\n\n\n\n2\n00:00:03,000 --> 00:00:04,000\nlast');
    expect(vtt).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\na → b\n\n00:00:03.000 --> 00:00:04.000\nlast\n');
  });

  test('leaves WebVTT as it is, without BOM or CR', () => {
    expect(srtToVtt(`\uFEFF${SAMPLE_VTT.replace(/\n/g, '\r\n')}`)).toBe(SAMPLE_VTT);
  });

  test('decodes UTF-8 with a BOM, UTF-16 and GB 18030 subtitle bytes', () => {
    expect(srtToVtt(decodeSubtitle(new TextEncoder().encode(SAMPLE_SRT)))).toContain('Hello from the subtitles');
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'1\n'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(decodeSubtitle(utf16)).toBe('1\n');
    // "你好" in GB 18030 (not valid UTF-8)
    expect(decodeSubtitle(new Uint8Array([0xc4, 0xe3, 0xba, 0xc3]))).toBe('你好');
  });
});

describe('matchSubtitles', () => {
  const siblings = [
    file('movie.mp4'),
    file('movie.zh-CN.vtt'),
    file('movie.en.srt'),
    file('movie.vtt'),
    file('Movie.forced.srt'),
    file('movie2.vtt'),
    file('other.vtt'),
    file('movie.en.txt'),
    file('movie.huge.srt', MAX_SUBTITLE_BYTES + 1),
  ];

  test('finds .vtt/.srt files named after the video, the plain one first, with their language', () => {
    const found = matchSubtitles('movie.mp4', siblings);
    expect(found.map((match) => [match.source.name, match.language, match.suffix])).toEqual([
      ['movie.vtt', null, ''],
      ['movie.en.srt', 'en', 'en'],
      ['Movie.forced.srt', null, 'forced'],
      ['movie.zh-CN.vtt', 'zh-CN', 'zh-CN'],
    ]);
    expect(found.map((match) => match.format)).toEqual(['vtt', 'srt', 'srt', 'vtt']);
  });

  test('finds nothing for a video without named neighbours', () => {
    expect(matchSubtitles('clip.webm', siblings)).toEqual([]);
  });

  test('offers a bounded number of tracks', () => {
    const many = Array.from({ length: 50 }, (_, i) => file(`movie.part${i}.vtt`));
    expect(matchSubtitles('movie.mp4', many)).toHaveLength(MAX_SUBTITLE_TRACKS);
  });

  test('reads language tags in canonical case and refuses other suffixes', () => {
    expect(languageTag('zh_cn')).toBe('zh-CN');
    expect(languageTag('pt-BR')).toBe('pt-BR');
    expect(languageTag('forced')).toBeNull();
    expect(languageTag('1080p')).toBeNull();
  });
});
