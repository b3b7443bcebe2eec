import { describe, expect, it } from 'vitest';
import { orderStatusLabel, panelNumber } from './order-status.ts';
import { emptySurvey, isSurveyValid, surveyMeta, validateSurvey } from './survey.ts';

describe('licence survey (spec 5)', () => {
  it('requires a job and a certificate use with the spec texts', () => {
    expect(validateSurvey(emptySurvey)).toEqual({
      job: 'Pekerjaan Tidak Boleh Kosong', use: 'Penggunaan Sertifikat Tidak Boleh Kosong',
    });
    expect(isSurveyValid(emptySurvey)).toBe(false);
  });

  it("requires the free text when 'Lainnya' is chosen, and only then", () => {
    const other = { job: 'Lainnya', jobOther: ' ', use: 'Lainnya', useOther: '' };
    expect(validateSurvey(other)).toEqual({
      jobOther: 'Pekerjaan Lainnya Tidak Boleh Kosong', useOther: 'Penggunaan Sertifikat Lainnya Tidak Boleh Kosong',
    });
    expect(validateSurvey({ ...other, job: 'PNS', use: 'Melamar CPNS' })).toEqual({});
  });

  it("sends the choice, or 'Lainnya: <text>' for a free answer", () => {
    const v = { job: 'Lainnya', jobOther: '  Wiraswasta ', use: 'Persyaratan S2', useOther: 'ignored' };
    expect(isSurveyValid(v)).toBe(true);
    expect(surveyMeta(v)).toEqual({ job: 'Lainnya: Wiraswasta', certificate_for: 'Persyaratan S2' });
  });
});

describe('order panel', () => {
  it('labels tested purchases in Indonesian and keeps not-started ones startable', () => {
    expect(orderStatusLabel('not_started')).toBeNull();
    expect(orderStatusLabel('in_progress')).toBe('Tes sedang berlangsung');
    expect(orderStatusLabel('completed')).toBe('Tes sudah selesai');
    expect(orderStatusLabel('disqualified')).toBe('Tes dihentikan (diskualifikasi)');
  });

  it('numbers panels from the oldest purchase', () => {
    expect([0, 1, 2].map((i) => panelNumber(3, i))).toEqual([3, 2, 1]);
  });
});
