import { startStandalone } from '@cloudclip/shared-kernel';
import lifecycles from './spa';
import { REMOTE } from './remote';

/** Standalone page of this remote (webpack serve): the same lifecycles the host uses, at the same basename. */
void startStandalone(lifecycles, { name: REMOTE.name, basename: '/upload' });
