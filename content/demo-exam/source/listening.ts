// Listening comprehension: written for EPOT's demo exam. M = the man, W = the woman.
import type { LongListening, PartTexts, ShortDialogue } from './types.ts';

export const listeningTexts: Record<'A' | 'B' | 'C', PartTexts> = {
  A: {
    direction: 'Part A. In this part you will listen to thirty short conversations, each between a man and a woman. '
      + 'After each conversation a narrator asks one question about it. You will hear every conversation and question '
      + 'only once. Choose the best of the four answers on your screen. The screen moves on by itself when the time '
      + 'for a question is over.',
    close: 'This is the end of Part A. Part B follows.',
  },
  B: {
    direction: 'Part B. In this part you will listen to two longer conversations. After each conversation the narrator '
      + 'asks four questions about it. You will hear them only once, so listen carefully. Choose the best of the four '
      + 'answers on your screen for each question.',
    close: 'This is the end of Part B. Part C follows.',
  },
  C: {
    direction: 'Part C. In this part you will listen to three short talks. After each talk the narrator asks four '
      + 'questions about it. You will hear each talk and its questions only once. Choose the best of the four answers '
      + 'on your screen for each question.',
    close: 'This is the end of Part C and of the Listening section. Section two, Structure and Written Expression, comes next.',
  },
};

export const partA: ShortDialogue[] = [
  {
    lines: ["W: Have you finished the report for Monday's meeting?", "M: I still have to add the charts, but I'll stay late tonight to get it done."],
    q: 'What does the man mean?',
    correct: 'He will complete the report this evening.',
    wrong: ['He has already handed in the report.', 'The meeting has been moved to Monday night.', 'He needs help drawing the charts.'],
  },
  {
    lines: ['M: Do you know if the library is open on Sunday?', 'W: Only in the afternoon, from one until five.'],
    q: 'What does the woman say about the library?',
    correct: 'It opens for a few hours on Sunday afternoon.',
    wrong: ['It is closed all day on Sunday.', 'It opens at five on Sunday.', 'It is open only on Sunday mornings.'],
  },
  {
    lines: ["W: I've been trying to reach Budi all day, but his phone is always busy.", "M: Why don't you just send him an email instead?"],
    q: 'What does the man suggest the woman do?',
    correct: 'Contact Budi in writing.',
    wrong: ['Call Budi again later.', 'Visit Budi at home.', 'Wait for Budi to call her.'],
  },
  {
    lines: ['M: I thought the chemistry exam was going to be much harder.', 'W: So did I. I studied for a week, and I finished it in half an hour.'],
    q: 'What does the woman mean?',
    correct: 'The exam was easier than she expected.',
    wrong: ['She did not have enough time to finish.', 'She studied for only half an hour.', 'She thinks the man should have studied more.'],
  },
  {
    lines: ["W: Could you turn the music down a little? I'm trying to read.", "M: Oh, sorry. I didn't realize it was that loud."],
    q: 'What will the man probably do next?',
    correct: 'Lower the volume.',
    wrong: ['Read a book with the woman.', 'Leave the room.', 'Play a different song.'],
  },
  {
    lines: ['M: Are you coming to the department picnic on Saturday?', "W: I wouldn't miss it for the world."],
    q: 'What does the woman mean?',
    correct: 'She is certain to attend the picnic.',
    wrong: ['She has to travel abroad on Saturday.', 'She has forgotten about the picnic.', 'She would rather stay at home.'],
  },
  {
    lines: ['W: The printer on this floor is out of paper again.', "M: There's a box of it in the cabinet next to the copier."],
    q: 'What does the man imply?',
    correct: 'The woman can refill the printer herself.',
    wrong: ['The copier is also out of paper.', 'The printer has been repaired.', 'The cabinet is locked.'],
  },
  {
    lines: ['M: How was the new Padang restaurant downtown?', 'W: The food was great, but we waited almost an hour for a table.'],
    q: 'What does the woman say about the restaurant?',
    correct: 'She enjoyed the food despite a long wait.',
    wrong: ['The restaurant was nearly empty.', 'The food was too spicy for her.', 'She could not find the restaurant.'],
  },
  {
    lines: ["W: I'm thinking of taking the early train to Bandung tomorrow.", "M: If I were you, I'd book a seat tonight. It's a holiday weekend."],
    q: 'What does the man suggest?',
    correct: 'Reserving a ticket in advance.',
    wrong: ['Taking a later train.', 'Traveling by bus instead.', 'Staying in Bandung for the holiday.'],
  },
  {
    lines: ["M: Professor Hartono's lecture was so long I could hardly stay awake.", 'W: You can say that again.'],
    q: 'What does the woman mean?',
    correct: 'She agrees with the man.',
    wrong: ['She wants the man to repeat himself.', 'She did not attend the lecture.', 'She thought the lecture was too short.'],
  },
  {
    lines: ['W: Did you get the job at the bank?', "M: They said they'd let me know by the end of the week."],
    q: 'What does the man mean?',
    correct: 'He has not heard the result yet.',
    wrong: ['He decided not to apply.', 'He will start work at the end of the week.', 'He was offered the job.'],
  },
  {
    lines: ['M: My laptop keeps shutting down in the middle of my work.', "W: Maybe the battery needs replacing. It's quite old, isn't it?"],
    q: 'What does the woman suggest?',
    correct: 'The battery may be causing the problem.',
    wrong: ['The man should buy a new laptop.', 'The man works too late.', 'The laptop is not very old.'],
  },
  {
    lines: ["W: I can't decide between the blue shirt and the green one.", "M: Why not get both? They're on sale."],
    q: 'What does the man mean?',
    correct: 'The woman should buy the two shirts.',
    wrong: ['The blue shirt is cheaper.', 'The shirts are not on sale.', 'He prefers the green shirt.'],
  },
  {
    lines: ['M: Is Rina still working at the hospital?', 'W: No, she moved to a clinic closer to her home last month.'],
    q: 'What does the woman say about Rina?',
    correct: 'She changed jobs recently.',
    wrong: ['She is ill in the hospital.', 'She moved to a new house.', 'She still works at the hospital.'],
  },
  {
    lines: ['W: I heard the concert was canceled because of the rain.', 'M: Actually, it was only postponed until next Friday.'],
    q: 'What does the man mean?',
    correct: 'The concert will take place later.',
    wrong: ['The concert will not take place at all.', 'It rained on Friday.', 'He did not buy a ticket.'],
  },
  {
    lines: ["M: Would you mind if I borrowed your notes from yesterday's class?", 'W: Not at all. Just bring them back before the quiz.'],
    q: 'What does the woman mean?',
    correct: 'The man may use her notes.',
    wrong: ['She did not go to class yesterday.', 'She needs the notes right now.', 'She does not want to lend her notes.'],
  },
  {
    lines: ['W: The traffic on the toll road was terrible this morning.', 'M: Tell me about it. It took me two hours to get to the office.'],
    q: 'What does the man mean?',
    correct: 'He also had a slow trip to work.',
    wrong: ['He wants to hear more about the traffic.', 'He did not drive to work.', 'He arrived at the office early.'],
  },
  {
    lines: ['M: Should I bring anything to your dinner party?', "W: Just yourself. Everything's taken care of."],
    q: 'What does the woman mean?',
    correct: 'The man does not need to bring anything.',
    wrong: ['The man should bring a friend.', 'The party has been called off.', 'She needs help with the cooking.'],
  },
  {
    lines: ["W: Have you seen my umbrella? I'm sure I left it by the door.", 'M: I think your sister took it when she went out this morning.'],
    q: 'What does the man imply?',
    correct: 'The umbrella is not in the house.',
    wrong: ['The woman never had an umbrella.', 'The sister will buy a new umbrella.', 'The umbrella is still by the door.'],
  },
  {
    lines: ["M: I'm going to the post office. Do you need anything?", "W: Could you pick up some stamps for me? I'll pay you back later."],
    q: 'What does the woman ask the man to do?',
    correct: 'Buy stamps for her.',
    wrong: ['Mail a package.', 'Lend her some money.', 'Give her a ride to the post office.'],
  },
  {
    lines: ["W: That was the best movie I've seen all year.", "M: Really? I've seen better."],
    q: 'What does the man mean?',
    correct: 'He did not think the movie was outstanding.',
    wrong: ['He has not seen the movie yet.', 'He agrees that the movie was excellent.', 'He wants to see the movie again.'],
  },
  {
    lines: ['M: Could you help me move these boxes to the second floor?', "W: I would if I hadn't hurt my back at the gym."],
    q: 'What does the woman mean?',
    correct: 'She is unable to help because of an injury.',
    wrong: ['She will help after she goes to the gym.', 'The boxes are too heavy for the man.', 'She has already moved the boxes.'],
  },
  {
    lines: ['W: Excuse me, is this seat taken?', "M: My friend just stepped out, but she'll be right back."],
    q: 'What does the man imply?',
    correct: 'The seat is being saved.',
    wrong: ['The woman can sit there.', 'His friend has left for the day.', 'He is waiting for a different seat.'],
  },
  {
    lines: ["M: I'm so nervous about my presentation tomorrow.", "W: You've practiced it a dozen times. You'll be fine."],
    q: 'What does the woman mean?',
    correct: 'The man is well prepared.',
    wrong: ['The man should practice more.', 'The presentation has been delayed.', 'She will give the presentation instead.'],
  },
  {
    lines: ['W: Do you want to go to the beach this weekend?', "M: I'd love to, but I have to finish my thesis proposal first."],
    q: 'What does the man mean?',
    correct: 'He has work that must come first.',
    wrong: ['He does not like the beach.', 'He finished his thesis last weekend.', 'He will go to the beach after class.'],
  },
  {
    lines: ["M: The air conditioner in our classroom isn't working again.", "W: I'll call maintenance right away."],
    q: 'What will the woman probably do?',
    correct: 'Ask someone to repair the air conditioner.',
    wrong: ['Move to another classroom.', 'Open the windows.', 'Turn on the air conditioner.'],
  },
  {
    lines: ["W: I didn't see you at the seminar this morning.", 'M: I overslept and missed the bus.'],
    q: 'What does the man mean?',
    correct: 'He was not able to attend the seminar.',
    wrong: ['He arrived at the seminar by bus.', 'The seminar was canceled.', 'He woke up very early.'],
  },
  {
    lines: ['M: Is the cafeteria still serving lunch?', "W: You'd better hurry. They close in ten minutes."],
    q: 'What does the woman mean?',
    correct: 'The man has very little time to get lunch.',
    wrong: ['The cafeteria is already closed.', 'Lunch will be served in ten minutes.', 'The cafeteria is open all day.'],
  },
  {
    lines: ['W: This coffee machine only takes coins, and I only have a bill.', 'M: Here, I can give you change.'],
    q: 'What does the man offer to do?',
    correct: 'Exchange her bill for coins.',
    wrong: ['Buy her a cup of coffee.', 'Fix the coffee machine.', 'Lend her a bill.'],
  },
  {
    lines: ['M: Did Andi finally pass his driving test?', 'W: Third time lucky!'],
    q: 'What does the woman imply about Andi?',
    correct: 'He passed on his third attempt.',
    wrong: ['He failed the test three times.', 'He has not taken the test yet.', 'He was lucky to avoid an accident.'],
  },
];

export const partB: LongListening[] = [
  {
    intro: 'Listen to a conversation between two students.',
    lines: [
      'W: Hi, Dimas. Do you have a minute to talk about our sociology project?',
      'M: Sure, Sari. I was going to message you anyway. How many people have answered our survey so far?',
      'W: Only forty-two. We need at least a hundred responses before we can start the analysis.',
      "M: That's not many. Maybe the online form is too long. It has thirty questions.",
      "W: I think you're right. Most people stop about halfway through. What if we cut it down to fifteen questions?",
      'M: Good idea. We could also hand out printed copies at the bus stop in front of the main gate. A lot of students wait there every morning.',
      "W: That would help, since the project is about how students travel to campus anyway.",
      'M: Exactly. I can print the copies tomorrow, and we can go there together on Thursday morning.',
      'W: Thursday works for me. The report is due on the twentieth, so that still gives us almost two weeks for the analysis.',
    ],
    questions: [
      {
        q: 'What are the speakers mainly discussing?',
        correct: 'How to get more people to answer their survey.',
        wrong: ['Which bus goes to the campus.', 'Whether to change the topic of their project.', 'How to write the final report.'],
      },
      {
        q: 'What problem does the woman mention?',
        correct: 'Too few people have completed the survey.',
        wrong: ['The survey form has been lost.', 'Their professor rejected the project.', 'The report is already late.'],
      },
      {
        q: 'Why does the man suggest going to the bus stop?',
        correct: 'Many students wait there in the morning.',
        wrong: ['The printer is located there.', 'He needs to catch a bus on Thursday.', 'Their professor asked them to go there.'],
      },
      {
        q: 'What will the man do tomorrow?',
        correct: 'Print copies of the survey.',
        wrong: ['Analyze the responses.', 'Meet the woman at the bus stop.', 'Hand in the report.'],
      },
    ],
  },
  {
    intro: 'Listen to a conversation between a student and a librarian.',
    lines: [
      "M: Excuse me. I'm looking for a book on the history of Indonesian batik, but the catalog says it's checked out.",
      'W: Let me see. Yes, that copy is due back next Monday. Would you like me to put a hold on it for you?',
      "M: Yes, please. But my paper is due on Wednesday, and I'm not sure that leaves me enough time.",
      'W: In that case, you might try our digital collection. We have an electronic version of a similar book by the same author.',
      'M: Can I read it from home?',
      'W: You can, as long as you log in with your student number. You can borrow it for up to seven days.',
      "M: That's perfect. And can I still keep my place on the list for the printed copy?",
      "W: Of course. I'll send you an email as soon as it's returned.",
    ],
    questions: [
      {
        q: 'What is the man looking for?',
        correct: 'A book about the history of batik.',
        wrong: ['A quiet place to write his paper.', 'His student number.', 'An email from his professor.'],
      },
      {
        q: 'Why is the man worried about waiting for the printed book?',
        correct: 'His paper is due soon after the book comes back.',
        wrong: ['The book is damaged.', 'The library is closed on Monday.', 'He has to pay a fee to place a hold.'],
      },
      {
        q: 'What does the librarian suggest?',
        correct: 'Reading an electronic book.',
        wrong: ['Buying his own copy.', 'Choosing a different topic.', 'Asking his professor for more time.'],
      },
      {
        q: 'What will the librarian do when the printed copy is returned?',
        correct: 'Let the man know by email.',
        wrong: ['Keep it at the desk for one week.', "Send it to the man's home.", 'Give it to another student.'],
      },
    ],
  },
];

export const partC: LongListening[] = [
  {
    intro: 'Listen to part of a talk given to new students.',
    lines: [
      "W: Good morning, everyone, and welcome to your first week on campus. My name is Dewi, and I work in the student services office. "
        + "Before you go off to your classes, I'd like to mention three things that will make your life here easier. "
        + 'First, your student card. It is not only for identification. You also use it to borrow library books, to enter the computer labs '
        + 'after six in the evening, and to pay for meals in the cafeteria. If you lose it, report it to our office at once, because anyone '
        + 'who finds it could spend the money on it. A replacement card costs twenty-five thousand rupiah and takes two working days. '
        + 'Second, the free shuttle bus. It runs every fifteen minutes between the main gate, the library and the dormitories, from six in '
        + 'the morning until ten at night. On weekends it runs only every half hour. '
        + 'Finally, the health center next to the sports hall is open to all students, and a visit to the doctor there is free. '
        + 'Just bring your student card with you. Thank you, and enjoy your first semester.',
    ],
    questions: [
      {
        q: 'Who is the speaker?',
        correct: 'A member of the student services staff.',
        wrong: ['A doctor at the health center.', 'A professor of economics.', 'A driver of the shuttle bus.'],
      },
      {
        q: 'What should students do if they lose their card?',
        correct: 'Report the loss immediately.',
        wrong: ['Wait two days before reporting it.', 'Ask the library for a new one.', "Use a friend's card until the end of the semester."],
      },
      {
        q: 'How often does the shuttle bus run on weekdays?',
        correct: 'Every fifteen minutes.',
        wrong: ['Every half hour.', 'Every hour.', 'Only in the morning and evening.'],
      },
      {
        q: 'What does the speaker say about the health center?',
        correct: 'Students do not pay to see the doctor there.',
        wrong: ['It is inside the library.', 'It is open only on weekends.', 'Students need a letter from a professor.'],
      },
    ],
  },
  {
    intro: 'Listen to part of a lecture in a biology class.',
    lines: [
      "M: Today we're going to look at mangrove forests, which grow along tropical coastlines where the land meets the sea. "
        + 'Indonesia has more mangroves than any other country, so this is a topic close to home. '
        + 'What makes mangroves special is that they can live in salt water, which would kill most trees. Some species filter the salt out '
        + 'through their roots. Others store it in older leaves and then drop those leaves. '
        + 'Their tangled roots do an important job as well. They slow down waves and hold the mud in place, which protects the coast from '
        + 'storms and erosion. They also give shelter to young fish and shrimp, so fishing communities depend on healthy mangroves. '
        + 'Unfortunately, large areas have been cleared over the past fifty years, mostly to make room for shrimp ponds. In recent years, '
        + 'many villages have started replanting projects, and where the young trees survive, fish numbers tend to recover within a few '
        + 'years. For Thursday, please read chapter seven, which describes one of these projects in detail.',
    ],
    questions: [
      {
        q: 'What is the main topic of the lecture?',
        correct: 'The features and value of mangrove forests.',
        wrong: ['The history of shrimp farming.', 'How to plant trees in dry soil.', 'Fishing methods used in Indonesian villages.'],
      },
      {
        q: 'According to the speaker, how do some mangroves deal with salt?',
        correct: 'They store it in old leaves that later fall off.',
        wrong: ['They grow only in fresh water.', 'They avoid it by growing far from the sea.', 'They send it up to their flowers.'],
      },
      {
        q: 'Why does the speaker mention storms?',
        correct: 'To explain how mangrove roots protect the coast.',
        wrong: ['To describe why many mangroves have died.', 'To explain why fishing is dangerous.', 'To show that replanting projects often fail.'],
      },
      {
        q: 'What does the speaker ask the students to do?',
        correct: 'Read a chapter before the next class.',
        wrong: ['Visit a shrimp pond.', 'Write a report on storms.', 'Plant a tree near the campus.'],
      },
    ],
  },
  {
    intro: 'Listen to a guide speaking to a group of visitors.',
    lines: [
      "W: Welcome, everyone, to the Sukamaju tea estate. Before we walk up to the fields, let me tell you a little about what you'll see. "
        + 'The estate was founded about a hundred years ago, and it lies more than fourteen hundred meters above sea level. The cool air '
        + 'and regular rain at this height make the tea leaves grow slowly, and slow growth gives the tea a richer flavor. '
        + 'Our pickers take only the top two leaves and the bud of each shoot, and an experienced picker can collect around sixty kilograms '
        + 'in a day. After picking, the leaves go to the factory, where they are dried, rolled and heated. Green tea and black tea can come '
        + 'from exactly the same plant. The difference is in how long the leaves are left exposed to the air before they are heated. '
        + "At the end of the tour, you're welcome to taste both kinds in our tea house. "
        + 'Now, the path to the fields can be slippery after the rain this morning, so please watch your step and stay with the group.',
    ],
    questions: [
      {
        q: 'Where does the talk probably take place?',
        correct: 'On a tea estate.',
        wrong: ['In a science laboratory.', 'At a restaurant in the city.', 'In a university lecture hall.'],
      },
      {
        q: 'According to the speaker, why does the tea have a rich flavor?',
        correct: 'The leaves grow slowly in the cool climate.',
        wrong: ['The leaves are picked at night.', 'The factory adds flavoring.', 'The plants are very young.'],
      },
      {
        q: 'What decides whether the tea becomes green or black?',
        correct: 'How long the leaves are exposed to air before heating.',
        wrong: ['The kind of plant the leaves come from.', 'The height at which the plants grow.', 'The number of leaves picked from each shoot.'],
      },
      {
        q: 'What does the speaker warn the visitors about?',
        correct: 'The path may be slippery.',
        wrong: ['The tea house closes early.', 'The tea is very hot.', 'Picking leaves is not allowed.'],
      },
    ],
  },
];
