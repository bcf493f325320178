import { randomUUID } from 'node:crypto';
import type { NewPasteRow } from '../db/schema';
import { toIso } from '../lib/time';
import type { TestApp } from './test-app';

/**
 * A syntactically valid encrypted paste envelope (contract rules/paste-envelope.ts): a 12-byte IV
 * of `ivFill` bytes and a ciphertext of `ciphertextBytes` bytes of `ciphertextFill`.
 */
export function pasteEnvelope(ciphertextBytes: number, ivFill = 1, ciphertextFill = 2): string {
  return JSON.stringify({
    v: 1,
    alg: 'AES-256-GCM',
    iv: Buffer.alloc(12, ivFill).toString('base64url'),
    ct: Buffer.alloc(ciphertextBytes, ciphertextFill).toString('base64url'),
  });
}

/**
 * Inserts a paste straight into the table, as an import does: created and updated `at`, with no
 * remark, password, expiry, view limit or owner unless `row` gives them.
 */
export function insertPasteRow(t: TestApp, at: Date, row: Pick<NewPasteRow, 'slug' | 'content'> & Partial<NewPasteRow>) {
  return t.container.repositories.pastes.insert({
    id: randomUUID(),
    remark: null,
    password_hash: null,
    password_sealed: null,
    expires_at: null,
    max_views: null,
    created_by: null,
    created_at: toIso(at),
    updated_at: toIso(at),
    ...row,
  });
}
