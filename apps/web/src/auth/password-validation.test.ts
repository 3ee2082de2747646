import { describe, expect, it } from 'vitest';
import { newPasswordError } from './password-validation.ts';

describe('newPasswordError', () => {
  it('asks for at least 8 characters and accepts 8', () => {
    expect(newPasswordError('1234567')).toBe('Password must be at least 8 characters');
    expect(newPasswordError('')).toBe('Password must be at least 8 characters');
    expect(newPasswordError('12345678')).toBeNull();
  });
});
