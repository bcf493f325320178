import { startStandalone } from '@cloudclip/shared-kernel';
import lifecycles from './spa';

/** Standalone page of this remote (webpack serve): the same lifecycles the host uses, at the same basename. */
void startStandalone(lifecycles, { name: 'cloudclip_admin', basename: '/admin' });
