import { describe, expect, it } from 'vitest';
import {
  capitalizeWords, passwordChangeAlert, todayIso, validateDateOfBirth, validatePasswordChange, validateProfile,
} from './validation.ts';

describe('account form rules (spec 5)', () => {
  it('capitalises the full name per word while typing', () => {
    expect(capitalizeWords('budi santoso')).toBe('Budi Santoso');
    expect(capitalizeWords('budi ')).toBe('Budi ');
    expect(capitalizeWords('siti mcDonald')).toBe('Siti McDonald');
  });

  it('checks the date of birth format, validity and the 1900 floor', () => {
    expect(validateDateOfBirth('')).toBe('Tanggal Lahir Tidak Boleh Kosong');
    expect(validateDateOfBirth('17-08-1990')).toBe('Format tanggal tidak valid');
    expect(validateDateOfBirth('1990-02-30')).toBe('Format tanggal tidak valid');
    expect(validateDateOfBirth('1899-12-31')).toBe('Tahun tidak boleh kurang dari 1900');
    expect(validateDateOfBirth('1990-08-17')).toBeUndefined();
  });

  it('requires every profile field with the spec texts', () => {
    const errors = validateProfile({ fullname: ' ', date_of_birth: '1990-08-17', place_of_birth: '', phone: '', residential_address: '', email: 'x' });
    expect(errors).toEqual({
      fullname: 'Nama Lengkap Tidak Boleh Kosong', date_of_birth: undefined, place_of_birth: 'Tempat Lahir Tidak Boleh Kosong',
      phone: 'Nomor Telepon Tidak Boleh Kosong', residential_address: 'Alamat Domisili Tidak Boleh Kosong', email: 'E-mail must be valid',
    });
  });

  it('password change: field messages and the alerts', () => {
    expect(validatePasswordChange({ current: '', next: 'short', confirm: 'x' })).toEqual({
      current: 'Password Tidak Boleh Kosong', next: 'Password minimal harus 8 karakter', confirm: 'Konfirmasi password tidak sama',
    });
    expect(validatePasswordChange({ current: '12345678', next: 'abcdefgh', confirm: '' }).confirm).toBe('Konfirmasi Password Tidak Boleh Kosong');
    expect(passwordChangeAlert({ current: '', next: 'abcdefgh', confirm: 'abcdefgh' })).toBe('Kolom password tidak boleh kosong');
    expect(passwordChangeAlert({ current: 'short', next: 'abcdefgh', confirm: 'abcdefgh' })).toBe('Password kurang dari 8 character');
    expect(passwordChangeAlert({ current: '12345678', next: 'abcdefgh', confirm: 'abcdefgh' })).toBeUndefined();
  });

  it('gives today as a local YYYY-MM-DD', () => {
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
