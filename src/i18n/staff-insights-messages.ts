// The staff console's insight texts (issue 31): the institution dashboard and the operator's item
// analysis. Only src/console imports this file (it loads with the insights' lazy staff chunk).
import { INSIGHTS_MIN_COMPARISON_GROUP, ITEM_ANALYSIS_GROUP_PERCENT, ITEM_ANALYSIS_MIN_ATTEMPTS } from '../../contracts/facts/index.ts';

export const staffInsightsMessages = {
  menu: 'Statistik hasil',
  dashboard: {
    title: 'Statistik hasil',
    intro: 'Ringkasan hasil tes yang selesai dan tidak gugur. Hanya angka gabungan; perbandingan dengan seluruh peserta EPOT hanya tampil bila tiap kelompok berisi minimal '
      + `${INSIGHTS_MIN_COMPARISON_GROUP} peserta, agar tidak ada peserta yang dapat dikenali.`,
    filters: 'Filter statistik',
    from: 'Selesai dari tanggal',
    to: 'Sampai tanggal',
    session: 'Sesi tes',
    allSessions: 'Semua peserta',
    apply: 'Tampilkan',
    candidates: (n: string) => `${n} peserta dengan hasil`,
    empty: 'Belum ada hasil tes pada periode ini.',
    total: 'Sebaran skor total',
    section: (name: string) => `Sebaran skor ${name}`,
    levels: 'Tingkat kemahiran',
    cefr: 'Tingkat CEFR',
    trend: 'Rata-rata skor total per bulan',
    comparison: 'Dibandingkan seluruh peserta EPOT pada periode yang sama',
    comparisonHidden: (n: number) => `Perbandingan disembunyikan: tiap kelompok perlu minimal ${n} peserta.`,
    scope: 'Lembaga ini',
    all: 'Seluruh peserta EPOT',
    columns: { range: 'Rentang skor', count: 'Jumlah peserta', level: 'Tingkat', share: 'Persentase', month: 'Bulan', mean: 'Rata-rata', n: 'Peserta', group: 'Kelompok', sd: 'Simpangan baku' },
    sections: { listening: 'Listening', structure: 'Structure', reading: 'Reading' },
  },
  chart: {
    table: 'Angka grafik',
    png: 'Unduh PNG',
    svg: 'Unduh SVG',
    csv: 'Unduh CSV',
    exportLabel: (title: string, format: string) => `${title}: ${format}`,
  },
  analysis: {
    link: 'Analisis butir',
    linkLabel: (title: string, version: number) => `Analisis butir ${title} versi ${version}`,
    title: 'Analisis butir soal',
    back: 'Kembali ke daftar ujian',
    intro: `Dihitung dari tes yang selesai dan tidak gugur. Angka tampil setelah minimal ${ITEM_ANALYSIS_MIN_ATTEMPTS} tes. `
      + `Kelompok atas dan bawah: ${ITEM_ANALYSIS_GROUP_PERCENT} % peserta dengan skor bagian tertinggi dan terendah.`,
    attempts: (n: string) => `${n} tes dihitung`,
    insufficient: (n: number, min: number) => `Baru ${n} tes; angka tampil setelah minimal ${min} tes.`,
    csv: 'Unduh CSV untuk psikometri',
    sectionsTitle: 'Reliabilitas per bagian',
    sectionColumns: { section: 'Bagian', items: 'Butir', n: 'Tes', mean: 'Rata-rata', sd: 'Simpangan baku', kr20: 'KR-20', sem: 'SEM' },
    chart: 'Tingkat kesukaran dan daya beda',
    chartX: 'Tingkat kesukaran (proporsi benar)',
    chartY: 'Daya beda (point-biserial)',
    itemsTitle: 'Butir soal',
    flaggedOnly: 'Hanya butir yang perlu dilihat',
    itemColumns: { item: 'Butir', p: 'Kesukaran', d: 'Daya beda', options: 'Pilihan (semua · atas · bawah)', flags: 'Perlu dilihat' },
    key: 'kunci',
    attractsTop: 'menarik peserta kuat',
    flags: {
      low_discrimination: 'Daya beda rendah atau negatif', too_easy: 'Hampir semua benar', too_hard: 'Hampir tidak ada yang benar',
      dead_distractor: 'Pengecoh tidak dipilih', distractor_attracts_top: 'Pengecoh menarik peserta kuat',
    },
    none: '–',
  },
} as const;
