// Reading comprehension: five passages written for EPOT's demo exam, ten questions each.
import type { Passage, PartTexts } from './types.ts';

export const readingTexts: PartTexts = {
  direction: 'Reading Comprehension. In this section you will read five passages, each followed by ten questions. '
    + 'Answer every question on the basis of what the passage states or implies, and choose the best of the four answers.',
};

export const passages: Passage[] = [
  {
    paragraphs: [
      'Tempeh is a traditional food from the island of Java, made from soybeans that a mold binds together into a firm cake. '
        + 'Although it is now sold in supermarkets around the world, its origins are humble. Historians believe that tempeh was first '
        + 'produced several centuries ago, and a Javanese manuscript from the early nineteenth century is often cited as the earliest '
        + 'written mention of the word.',
      'The process of making tempeh is simple but requires care. The soybeans are first soaked, and their outer skins are removed. '
        + 'The beans are then partly cooked, cooled and mixed with a starter containing spores of a mold called Rhizopus. Traditionally, '
        + 'the mixture was wrapped in banana leaves; today, plastic bags with small holes are more common. Over one to two days at a warm '
        + 'temperature, the white threads of the mold grow through and around the beans, knitting them into a single solid block.',
      'This fermentation does more than hold the beans together. The mold breaks down some of the proteins and fats in the soybeans, so '
        + 'the finished cake is easier to digest than plain boiled beans. Fermentation also reduces certain substances that can prevent '
        + 'the body from absorbing minerals. For these reasons, nutritionists often describe tempeh as an excellent source of protein, '
        + 'particularly for people who eat little or no meat.',
      'Tempeh has not always enjoyed a good reputation, however. For much of the twentieth century it was regarded in Indonesia as a '
        + "cheap food for the poor, and the phrase 'a nation of tempeh' was used to describe a weak and timid people. Since then, the food's "
        + 'image has changed considerably. Growing interest in plant-based diets has turned tempeh into a valued product, and small '
        + 'producers in Java now export their cakes to Europe, Japan and the United States.',
    ],
    questions: [
      {
        q: 'What is the passage mainly about?',
        correct: 'How tempeh is made and how its image has changed',
        wrong: ['The history of soybean farming in Japan', 'Different ways to cook tempeh at home', 'The dangers of eating fermented food'],
      },
      { q: 'The word "humble" in paragraph 1 is closest in meaning to', correct: 'simple', wrong: ['proud', 'ancient', 'foreign'] },
      {
        q: 'According to the passage, the earliest written mention of tempeh is often said to be found in',
        correct: 'a Javanese manuscript from the early nineteenth century',
        wrong: ['a European cookbook', 'a twentieth-century newspaper', 'a Japanese trade record'],
      },
      {
        q: 'What happens to the soybeans before the starter is added?',
        correct: 'They are soaked, skinned and partly cooked.',
        wrong: ['They are wrapped in banana leaves.', 'They are dried in the sun for a week.', 'They are ground into flour.'],
      },
      { q: 'The word "knitting" in paragraph 2 is closest in meaning to', correct: 'joining', wrong: ['cooking', 'cutting', 'coloring'] },
      {
        q: 'According to paragraph 3, why is tempeh easier to digest than boiled soybeans?',
        correct: 'The mold breaks down some of its proteins and fats.',
        wrong: ['It contains more minerals.', 'It is cooked for a longer time.', 'It contains no protein.'],
      },
      {
        q: 'What can be inferred from paragraph 4 about the phrase "a nation of tempeh"?',
        correct: 'It was meant as a criticism.',
        wrong: ['It was used to advertise tempeh abroad.', 'It was invented by nutritionists.', 'It described a wealthy country.'],
      },
      {
        q: 'According to the passage, what has raised the status of tempeh?',
        correct: 'Growing interest in plant-based diets',
        wrong: ['A fall in the price of soybeans', 'A new law in Indonesia', 'The return to banana-leaf wrapping'],
      },
      {
        q: 'The word "their" in the last sentence of the passage refers to',
        correct: 'the small producers',
        wrong: ['plant-based diets', 'Europe, Japan and the United States', 'people who eat little meat'],
      },
      {
        q: 'Which of the following is NOT mentioned as a market for tempeh from Java?',
        correct: 'Australia',
        wrong: ['Europe', 'Japan', 'The United States'],
      },
    ],
  },
  {
    paragraphs: [
      'In the 1850s the British naturalist Alfred Russel Wallace spent eight years travelling through the islands of what is now '
        + 'Indonesia, collecting more than a hundred thousand specimens of insects, birds and other animals. During these travels he '
        + 'noticed something puzzling. The islands of Bali and Lombok are separated only by a narrow strait, yet their birds were '
        + 'strikingly different. On Bali, as on Java and Sumatra, he found species closely related to those of mainland Asia. On Lombok, '
        + 'and further east, many of the birds resembled those of Australia.',
      'Wallace drew an imaginary boundary that ran between Bali and Lombok and continued north between Borneo and Sulawesi. West of it, '
        + 'the animals were mostly Asian, such as tigers, rhinoceroses and elephants. East of it, they included marsupials and cockatoos. '
        + 'This boundary later became known as the Wallace Line.',
      'The explanation lies in the depth of the sea. During the ice ages, so much water was frozen in glaciers that sea levels fell by '
        + 'more than a hundred meters. The shallow seas around Sumatra, Java, Bali and Borneo dried out, joining these islands to the '
        + 'Asian mainland, and animals could walk across. The strait between Bali and Lombok, however, is very deep, and it never dried '
        + 'out, even when sea levels were at their lowest. Land animals could not cross it, so the two regions developed separately.',
      'Wallace did more than describe a boundary. Together with Charles Darwin, he proposed the theory of evolution by natural selection, '
        + 'and the patterns he saw in the islands helped to shape his thinking. Today, scientists recognize that the boundary is not '
        + 'perfectly sharp: birds and bats, which can fly, cross it more easily than other animals. Nevertheless, the Wallace Line '
        + 'remains one of the best-known ideas in the study of where animals live.',
    ],
    questions: [
      {
        q: 'What does the passage mainly discuss?',
        correct: 'A boundary between animal regions and the reason for it',
        wrong: ['The life of Charles Darwin', 'How the ice ages began', 'The birds of Australia'],
      },
      {
        q: 'Why did Wallace travel through the islands?',
        correct: 'To collect animal specimens',
        wrong: ['To teach at a school', 'To build a research station', 'To map the coastline'],
      },
      { q: 'The word "puzzling" in paragraph 1 is closest in meaning to', correct: 'confusing', wrong: ['amusing', 'frightening', 'ordinary'] },
      {
        q: 'According to paragraph 1, the birds of Bali were similar to those of',
        correct: 'mainland Asia',
        wrong: ['Lombok', 'Australia', 'Sulawesi'],
      },
      {
        q: 'Which animals are mentioned as living east of the Wallace Line?',
        correct: 'Cockatoos',
        wrong: ['Tigers', 'Rhinoceroses', 'Elephants'],
      },
      {
        q: 'The word "it" in the sentence "it never dried out" in paragraph 3 refers to',
        correct: 'the strait between Bali and Lombok',
        wrong: ['the Asian mainland', 'the ice age', 'the shallow sea around Java'],
      },
      {
        q: 'According to the passage, why could land animals not cross from Bali to Lombok?',
        correct: 'The sea between the islands was too deep to dry out.',
        wrong: ['Glaciers blocked the way.', 'The islands were too far apart to see each other.', 'Storms were too frequent.'],
      },
      { q: 'The word "recognize" in paragraph 4 is closest in meaning to', correct: 'acknowledge', wrong: ['forget', 'deny', 'invent'] },
      {
        q: 'Why does the author mention birds and bats in paragraph 4?',
        correct: 'To show that flying animals cross the line more easily',
        wrong: ['To argue that the line does not exist', 'To describe animals Wallace never saw', 'To explain why Wallace collected insects'],
      },
      {
        q: 'What can be inferred about the islands west of the Wallace Line?',
        correct: 'They were once connected to the Asian mainland.',
        wrong: ['They have never had any mammals.', 'They were covered by glaciers.', 'They were once joined to Australia.'],
      },
    ],
  },
  {
    paragraphs: [
      'Until the middle of the twentieth century, loading a cargo ship was slow and costly work. Goods arrived at the port in sacks, '
        + 'barrels, crates and bundles of every size, and teams of dock workers carried them on board piece by piece. A large ship could '
        + 'spend a week or more in port being loaded and unloaded, and a good deal of cargo was damaged or stolen along the way.',
      'The solution seems obvious today: pack the goods into large steel boxes of a standard size that can be moved from a truck or a '
        + 'train to a ship without being opened. An American trucking businessman, Malcom McLean, is usually given the credit for turning '
        + 'this idea into a working system. In 1956 he sent a converted tanker from New Jersey to Texas carrying fifty-eight containers. '
        + 'His company calculated that loading it had cost less than a twentieth of the usual amount.',
      'The idea spread slowly at first. Ports had to build new cranes and large storage areas, and shipping companies, railways and '
        + 'truck operators had to agree on the same sizes of container so that a box could travel with all of them. By the 1970s, '
        + 'however, international standards were in place, and the container ship had become the normal way to carry manufactured goods '
        + 'across the oceans.',
      'The effects were enormous. Because transport became cheap and reliable, manufacturers could make parts in one country, assemble '
        + 'them in another and sell the finished product in a third. Some historians argue that the container did as much to expand '
        + 'world trade as any trade agreement. There were losers too. Far fewer dock workers were needed, and many old ports in city '
        + 'centers, which had no room for the huge new terminals, closed down. Their place was taken by modern container ports built on '
        + 'open land away from the old city centers.',
    ],
    questions: [
      {
        q: 'What is the main topic of the passage?',
        correct: 'How the shipping container changed the transport of goods',
        wrong: ['The life of an American truck driver', 'The history of the ports of New Jersey', 'Why ships are made of steel'],
      },
      {
        q: 'According to paragraph 1, which of the following was a problem before containers were used?',
        correct: 'Cargo was often damaged or stolen.',
        wrong: ['Ships were too small to carry sacks.', 'Dock workers refused to load ships.', 'Goods could not be carried by train.'],
      },
      {
        q: 'The phrase "piece by piece" in paragraph 1 is closest in meaning to',
        correct: 'one item at a time',
        wrong: ['very carefully', 'in large groups', 'without permission'],
      },
      {
        q: 'According to the passage, who was Malcom McLean?',
        correct: 'A businessman in the trucking industry',
        wrong: ['A dock worker in Texas', 'A government official', 'The captain of a tanker'],
      },
      {
        q: 'According to the passage, what happened in 1956?',
        correct: 'A ship carried fifty-eight containers to Texas.',
        wrong: ['International container standards were agreed.', 'The first container port was built in Texas.', 'McLean bought a railway company.'],
      },
      { q: 'The word "converted" in paragraph 2 is closest in meaning to', correct: 'changed', wrong: ['rented', 'damaged', 'enormous'] },
      {
        q: 'Why did the use of containers spread slowly at first?',
        correct: 'Ports and transport companies needed new equipment and common sizes.',
        wrong: ['Containers cost more than sacks.', 'Most manufacturers did not trust steel.', 'The containers were too small for most goods.'],
      },
      {
        q: 'The word "them" in the phrase "travel with all of them" in paragraph 3 refers to',
        correct: 'shipping companies, railways and truck operators',
        wrong: ['ports', 'new cranes', 'large storage areas'],
      },
      {
        q: 'According to paragraph 4, how did cheap transport affect manufacturers?',
        correct: 'They could make and sell goods in different countries.',
        wrong: ['They had to build factories near ports.', 'They stopped exporting goods.', 'They needed more dock workers.'],
      },
      {
        q: 'Which of the following is mentioned as a negative effect of containers?',
        correct: 'Fewer dock workers were needed.',
        wrong: ['Goods became more expensive.', 'Ships became slower.', 'Trade agreements were cancelled.'],
      },
    ],
  },
  {
    paragraphs: [
      "Most people know that a poor night's sleep leaves them tired and irritable. Fewer realize that sleep also plays an active part "
        + 'in learning. For a long time, sleep was thought of simply as a period of rest in which the brain switched off. Research over '
        + 'the past few decades has shown that this view is mistaken: during sleep, the brain is busy processing what happened during the day.',
      'In a typical experiment, volunteers learn a list of word pairs, or practise a simple skill such as typing a sequence of keys, '
        + 'in the evening. Half of them then sleep normally, while the other half stay awake through the night. When all the volunteers '
        + 'are tested again, those who slept usually remember more and perform the skill faster and more accurately, even though they '
        + 'have not practised in between. The improvement seems to happen during sleep itself.',
      'Scientists believe that during deep sleep the brain replays patterns of activity from the day. A small structure called the '
        + 'hippocampus, which holds new memories for a short time, appears to pass information to the outer layer of the brain, where '
        + 'memories can be kept for years. Each time a memory is replayed, the connections that hold it become stronger. Sleep may also '
        + 'help the brain to decide what to forget, clearing away unimportant details so that useful information stands out.',
      'These findings have practical consequences. Students who stay up all night before an examination may feel that they are making '
        + 'the most of their time, but they may remember less than if they had studied earlier and then slept. In some studies, even a '
        + 'short nap after learning has been found to help. The message for learners is clear: sleep is not time taken away from study, '
        + 'but part of it.',
    ],
    questions: [
      {
        q: 'What is the main idea of the passage?',
        correct: 'Sleep helps the brain to keep what has been learned.',
        wrong: ['Most people do not sleep enough.', 'The hippocampus is the largest part of the brain.', 'Typing is a difficult skill to learn.'],
      },
      { q: 'The word "irritable" in paragraph 1 is closest in meaning to', correct: 'easily annoyed', wrong: ['very hungry', 'quite forgetful', 'extremely calm'] },
      {
        q: 'According to paragraph 1, what did people use to believe about sleep?',
        correct: 'The brain was inactive during sleep.',
        wrong: ['Sleep made people more intelligent.', 'Sleep was harmful to learning.', 'The brain worked harder at night than by day.'],
      },
      {
        q: 'In the experiment described in paragraph 2, what did half of the volunteers do?',
        correct: 'They stayed awake all night.',
        wrong: ['They practised all night.', 'They slept for two nights.', 'They learned a second list of words.'],
      },
      {
        q: 'What happened when the volunteers were tested again?',
        correct: 'Those who had slept generally did better.',
        wrong: ['Those who had stayed awake did better.', 'Both groups forgot everything.', 'Only the typing skill improved.'],
      },
      {
        q: 'The word "itself" in paragraph 2 refers to',
        correct: 'sleep',
        wrong: ['the improvement', 'the skill', 'the test'],
      },
      {
        q: 'According to paragraph 3, what does the hippocampus do?',
        correct: 'It holds new memories for a short time.',
        wrong: ['It controls deep sleep.', 'It keeps memories for many years.', 'It removes unimportant details.'],
      },
      {
        q: 'The phrase "stands out" in paragraph 3 is closest in meaning to',
        correct: 'is easy to notice',
        wrong: ['is removed', 'is repeated', 'is forgotten'],
      },
      {
        q: 'What does the author suggest about students who study all night before an examination?',
        correct: 'They may remember less than students who sleep.',
        wrong: ['They usually get the highest marks.', 'They should take a long nap during the examination.', 'They learn skills faster than facts.'],
      },
      {
        q: "Which of the following best describes the author's view of sleep?",
        correct: 'It is a necessary part of learning.',
        wrong: ['It is a waste of study time.', 'It matters only for young children.', 'It has no effect on memory.'],
      },
    ],
  },
  {
    paragraphs: [
      'On a hot afternoon, the center of a large city can be several degrees warmer than the countryside around it. This difference, '
        + 'known as the urban heat island effect, has been measured in cities all over the world, from London to Jakarta. It is often '
        + 'strongest at night, when the countryside cools quickly but the city holds on to the heat it has collected during the day.',
      'Several causes work together. Dark surfaces such as asphalt roads and roofs absorb much of the sunlight that falls on them and '
        + 'release it slowly as heat. Concrete and brick store heat in the same way. Tall buildings trap warm air in the streets between '
        + 'them and block the wind that might carry it away. Cities also produce heat of their own, from car engines, factories and air '
        + 'conditioners, which pump hot air out of buildings in order to cool the rooms inside. Finally, cities have fewer trees and less '
        + 'open soil. In the countryside, plants release water vapor from their leaves, and this process cools the air around them, much '
        + 'as sweating cools the human body.',
      'Higher temperatures are more than uncomfortable. They increase the demand for electricity, make air pollution worse and can '
        + 'endanger the health of elderly people during heat waves.',
      'City planners have several ways to reduce the effect. Planting trees along streets provides shade and cools the air. Roofs can '
        + 'be painted white or another light color so that they reflect sunlight instead of absorbing it, and some buildings now have '
        + "'green roofs' covered with soil and plants. Parks, lakes and rivers also help, because water and vegetation stay cooler than "
        + 'pavement. None of these measures can remove the heat island completely, but together they can make a noticeable difference '
        + 'to life in the city.',
    ],
    questions: [
      {
        q: 'What does the passage mainly discuss?',
        correct: 'Why cities are warmer than the countryside and what can be done about it',
        wrong: ['How air conditioners work', 'The climates of London and Jakarta', 'The history of city planning'],
      },
      {
        q: 'According to paragraph 1, when is the heat island effect often strongest?',
        correct: 'At night',
        wrong: ['In the early morning', 'At midday', 'During the rainy season'],
      },
      { q: 'The word "absorb" in paragraph 2 is closest in meaning to', correct: 'take in', wrong: ['reflect', 'produce', 'destroy'] },
      {
        q: 'The word "them" in the phrase "the streets between them" in paragraph 2 refers to',
        correct: 'tall buildings',
        wrong: ['the streets', 'dark surfaces', 'car engines'],
      },
      {
        q: 'According to the passage, how do air conditioners add to the problem?',
        correct: 'They pump hot air out of buildings.',
        wrong: ['They make the rooms too cold.', 'They block the wind.', 'They are painted dark colors.'],
      },
      {
        q: 'Why does the author mention sweating in paragraph 2?',
        correct: 'To compare it with the way plants cool the air',
        wrong: ['To show that people in cities are unhealthy', 'To describe the effects of heat waves', 'To explain why people use air conditioners'],
      },
      {
        q: 'According to paragraph 3, which of the following is a result of higher city temperatures?',
        correct: 'A greater demand for electricity',
        wrong: ['Less air pollution', 'More trees along the streets', 'Cooler nights'],
      },
      { q: 'The word "noticeable" in paragraph 4 is closest in meaning to', correct: 'clear', wrong: ['small', 'expensive', 'temporary'] },
      {
        q: 'According to paragraph 4, why are some roofs painted a light color?',
        correct: 'To reflect sunlight',
        wrong: ['To make buildings look modern', 'To grow plants on them', 'To collect rainwater'],
      },
      {
        q: 'Which of the following is NOT mentioned as a way to reduce the heat island effect?',
        correct: 'Building taller buildings',
        wrong: ['Planting trees', 'Painting roofs a light color', 'Creating parks'],
      },
    ],
  },
];
