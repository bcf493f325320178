import './jsdom-polyfills';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { SAMPLE_SRT, SAMPLE_VTT } from '../../../fixtures/media.mjs';
import { ViewerError } from '../../errors';
import type { FileSource } from '../../types';
import MediaViewer, { formatDuration } from './index';
import { fakeObjectUrls, renderWithTexts } from './test-texts';

const blobFile = (name: string, text: string): FileSource => ({ name, size: text.length, blob: new Blob([text]) });

describe('MediaViewer', () => {
  test('plays a video from its address with native controls and attaches the subtitles found next to it', async () => {
    const urls = fakeObjectUrls();
    const siblings = jest.fn(async () => [
      blobFile('movie.en.srt', SAMPLE_SRT),
      blobFile('movie.zh-CN.vtt', SAMPLE_VTT),
      blobFile('other.srt', SAMPLE_SRT),
    ]);
    const onError = jest.fn();
    const source: FileSource = { name: 'movie.mp4', size: 1000, url: '/api/file-view/abc', siblings };
    const view = renderWithTexts(<MediaViewer source={source} kind="video" label="Content of movie.mp4" onError={onError} />);

    const video = screen.getByTestId('preview-video');
    expect(video).toHaveAttribute('src', '/api/file-view/abc');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('controls');
    await waitFor(() => expect(screen.getAllByTestId('preview-subtitle')).toHaveLength(2));
    const [english, chinese] = screen.getAllByTestId('preview-subtitle') as HTMLTrackElement[];
    expect(english).toHaveAttribute('kind', 'subtitles');
    expect(english).toHaveAttribute('label', 'English');
    expect(english).toHaveAttribute('srclang', 'en');
    expect(english!.default).toBe(true);
    expect(chinese).toHaveAttribute('srclang', 'zh-CN');
    expect(chinese!.default).toBe(false);
    expect(screen.getByTestId('preview-subtitles-note')).toHaveTextContent('Subtitles: English, Chinese (China)');
    // The SubRip file went in as WebVTT.
    expect(await urls.blobs.get(english!.getAttribute('src')!)!.text()).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello from the subtitles\n\n00:00:01.500 --> 00:00:03.000\nSecond line\n<i>in italics</i>\n',
    );
    expect(onError).not.toHaveBeenCalled();

    view.unmount();
    expect(urls.revoked).toHaveBeenCalledWith(english!.getAttribute('src'));
  });

  test('names subtitles in Chinese on a Chinese page', async () => {
    fakeObjectUrls();
    const source: FileSource = { name: 'movie.mp4', size: 1, url: '/v', siblings: async () => [blobFile('movie.srt', SAMPLE_SRT)] };
    renderWithTexts(<MediaViewer source={source} kind="video" label="movie" onError={jest.fn()} />, 'zh-CN');
    await waitFor(() => expect(screen.getByTestId('preview-subtitle')).toHaveAttribute('label', '字幕'));
  });

  test('a video the browser cannot decode falls back as unsupported', () => {
    const onError = jest.fn();
    renderWithTexts(<MediaViewer source={{ name: 'x.mov', size: 1, url: '/x' }} kind="video" label="x" onError={onError} />);
    fireEvent.error(screen.getByTestId('preview-video'));
    expect(onError).toHaveBeenCalledWith(expect.any(ViewerError));
    expect((onError.mock.calls[0]![0] as ViewerError).reason).toBe('unsupported');
  });

  test('plays audio from a blob and shows its length once known', async () => {
    const urls = fakeObjectUrls();
    const source: FileSource = { name: 'tone.wav', size: 4, blob: new Blob(['RIFF']) };
    renderWithTexts(<MediaViewer source={source} kind="audio" label="tone" onError={jest.fn()} />);
    const audio = screen.getByTestId('preview-audio');
    expect(audio.getAttribute('src')).toMatch(/^blob:test\//);
    expect(urls.created).toHaveBeenCalledWith(source.blob);
    Object.defineProperty(audio, 'duration', { value: 62.4 });
    act(() => void fireEvent.loadedMetadata(audio));
    expect(screen.getByTestId('preview-media-details')).toHaveTextContent('1:02');
    expect(screen.queryByTestId('preview-video')).toBeNull();
  });

  test('formats lengths of recordings', () => {
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(Number.NaN)).toBe('');
  });
});
