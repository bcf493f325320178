import { codeLanguage } from '../../viewer-kind';
import type { ViewerProps } from '../../types';
import { CodeView } from './code-view';

/**
 * The code and text viewer (kinds 'code' and 'markdown': a Markdown file shows as its highlighted
 * source unless the page brings its own renderer).
 */
export default function CodeViewer({ source, kind, label, onError }: ViewerProps) {
  const language = kind === 'markdown' ? 'markdown' : codeLanguage(source.name, source.contentType);
  return <CodeView source={source} language={language} label={label} onError={onError} />;
}
