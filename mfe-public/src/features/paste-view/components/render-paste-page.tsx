import { Route, Routes } from 'react-router-dom';
import type { Kernel } from '@cloudclip/shared-kernel';
import { renderWithKernel } from '../../../test/test-kernel';
import { PastePage } from './paste-page';

/** For tests: the paste page at `path`, under its route /paste/:slug as the remote's router has it. */
export function renderPastePage(kernel: Kernel, path = '/paste/abc') {
  return renderWithKernel(
    <Routes>
      <Route path="/paste/:slug" element={<PastePage />} />
    </Routes>,
    kernel,
    path,
  );
}
