// Structure and written expression: written for EPOT's demo exam. Every item has exactly one
// correct option; the distractors are ungrammatical where they stand, not merely less natural.
import type { ErrorSentence, Mcq, PartTexts } from './types.ts';

export const structureTexts: Record<'A' | 'B', PartTexts> = {
  A: {
    direction: 'Structure. Questions 1 to 15 are sentences with a gap, shown as a line. Under each sentence are four '
      + 'words or phrases. Choose the one that fills the gap correctly, so that the sentence is grammatical.',
  },
  B: {
    direction: 'Written Expression. In questions 16 to 40, four words or phrases in each sentence are underlined and '
      + 'labelled A, B, C and D. Exactly one of them is wrong. Choose the underlined word or phrase that must be changed '
      + 'for the sentence to be correct.',
  },
};

/** Sentence completion; the gap is '______'. */
export const partA: Mcq[] = [
  { q: '______ the heavy rain, the football match went ahead as planned.', correct: 'Despite', wrong: ['Although', 'In spite', 'Even though'] },
  { q: 'Borobudur, ______ in the ninth century, is the largest Buddhist temple in the world.', correct: 'which was built', wrong: ['was built', 'it was built', 'which built'] },
  { q: 'The committee is still discussing ______ the conference should be held in Surabaya or in Makassar.', correct: 'whether', wrong: ['either', 'what', 'both'] },
  { q: 'Not until the end of the nineteenth century ______ become a common means of transport.', correct: 'did bicycles', wrong: ['bicycles did', 'bicycles have', 'were bicycles'] },
  { q: 'The more you practice speaking English, ______ you will become.', correct: 'the more confident', wrong: ['more confident', 'the most confident', 'the confident more'] },
  { q: 'Coral reefs provide shelter for thousands of species, ______ makes them vital to ocean life.', correct: 'which', wrong: ['what', 'that', 'it'] },
  { q: 'Had the driver been more careful, the accident ______.', correct: 'would not have happened', wrong: ['will not happen', 'did not happen', 'would not happen'] },
  { q: "Rice is the main food of ______ of the world's population.", correct: 'more than half', wrong: ['more half than', 'the more than half', 'most than half'] },
  { q: 'Mount Bromo is one of the most frequently ______ volcanoes in East Java.', correct: 'visited', wrong: ['visiting', 'visit', 'to visit'] },
  { q: 'Java is ______ island in Indonesia.', correct: 'the most populous', wrong: ['most populous', 'the more populous', 'the populousest'] },
  { q: 'Scientists believe that the dinosaurs ______ out about sixty-six million years ago.', correct: 'died', wrong: ['have died', 'dying', 'were died'] },
  { q: 'The new bridge will allow goods ______ more quickly between the two islands.', correct: 'to be transported', wrong: ['transported', 'be transported', 'transporting'] },
  { q: 'Neither the manager nor the employees ______ aware of the change in the schedule.', correct: 'were', wrong: ['was being', 'has been', 'being'] },
  { q: "The museum's collection includes not only paintings ______ ancient manuscripts.", correct: 'but also', wrong: ['and also', 'or else', 'as well'] },
  { q: 'Lake Toba, ______ by a huge volcanic eruption, is the largest volcanic lake in the world.', correct: 'formed', wrong: ['was formed', 'it formed', 'forming it'] },
];

/** Error identification; the options are the four underlined parts, in order. */
export const partB: ErrorSentence[] = [
  { s: 'Each of the [A]participants[/A] [B]were[/B] given a certificate [C]at the end[/C] of [D]the workshop[/D].', err: 'B' },
  { s: 'Komodo dragons, [A]which[/A] live only on a few islands in Indonesia, [B]are[/B] the [C]most largest[/C] lizards [D]in the world[/D].', err: 'C' },
  { s: 'The old market was [A]rebuilt[/A] after a fire [B]has destroyed[/B] [C]most[/C] of [D]its[/D] shops.', err: 'B' },
  { s: '[A]Despite[/A] it was late, the librarian [B]kindly[/B] agreed [C]to help[/C] us [D]find[/D] the journals.', err: 'A' },
  { s: 'Vitamin C, [A]which[/A] is found in many fruits, [B]helps[/B] the body [C]to fight[/C] [D]again[/D] infections.', err: 'D' },
  { s: 'The [A]children[/A] were [B]so[/B] excited [C]that[/C] they could not [D]sleeping[/D].', err: 'D' },
  { s: 'The job requires [A]good[/A] communication skills, [B]creativity[/B], and [C]to be able[/C] to work [D]under pressure[/D].', err: 'C' },
  { s: '[A]Since[/A] ten years, she [B]has lived[/B] in Yogyakarta and [C]speaks[/C] Javanese [D]fluently[/D].', err: 'A' },
  { s: '[A]An university[/A] degree is [B]no longer[/B] enough to [C]guarantee[/C] a [D]well-paid[/D] job.', err: 'A' },
  { s: 'The [A]researchers[/A] [B]compared[/B] the results of the new treatment [C]with[/C] [D]that[/D] of the older one.', err: 'D' },
  { s: 'On weekends, [A]many[/A] families [B]enjoy[/B] [C]to walk[/C] along the beach [D]together[/D].', err: 'C' },
  { s: 'Although the test was [A]difficult[/A], [B]but[/B] most [C]students[/C] passed it [D]easily[/D].', err: 'B' },
  { s: '[A]Bamboo[/A] is one of the fastest-growing [B]plant[/B] [C]in[/C] the [D]world[/D].', err: 'B' },
  { s: 'The teacher asked the students [A]what did they think[/A] of [B]the story[/B] [C]that[/C] they [D]had read[/D].', err: 'A' },
  { s: 'Batik is traditionally [A]made[/A] [B]by[/B] [C]draw[/C] patterns on cloth with hot [D]wax[/D].', err: 'C' },
  { s: 'The [A]heavy[/A] rain caused [B]serious[/B] [C]floods[/C] in [D]many part[/D] of the city.', err: 'D' },
  { s: 'If the bus [A]had arrived[/A] on time, we [B]would not miss[/B] [C]the beginning[/C] of the film [D]at[/D] the cinema last night.', err: 'B' },
  { s: 'Sea turtles [A]return[/A] to the [B]same[/B] beach where they were born [C]to lay[/C] [D]its[/D] eggs.', err: 'D' },
  { s: '[A]The[/A] Pacific Ocean is [B]more large[/B] than [C]all[/C] the land on Earth [D]combined[/D].', err: 'B' },
  { s: 'There are [A]less[/A] [B]students[/B] in the class [C]this year[/C] than [D]there were[/D] last year.', err: 'A' },
  { s: 'This medicine [A]should be[/A] taken twice a day, [B]prefer[/B] [C]after[/C] [D]meals[/D].', err: 'B' },
  { s: 'The students [A]who[/A] are interested [B]in[/B] robotics [C]meets[/C] every Thursday [D]afternoon[/D].', err: 'C' },
  { s: 'Neither the teacher [A]or[/A] the students [B]knew[/B] [C]where[/C] the key [D]had been left[/D].', err: 'A' },
  { s: 'The [A]amount[/A] of plastic [B]waste[/B] in the oceans [C]is increasing[/C] [D]rapid[/D].', err: 'D' },
  { s: 'Orangutans [A]spend[/A] most of their lives [B]in[/B] trees, [C]which[/C] they build nests [D]for the night[/D].', err: 'C' },
];
