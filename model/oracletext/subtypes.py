"""Every subtype a filter's word may name: the lists of CR 205.3g-q and the subtypes on
the 2022 pool's type lines (some since retired: Cephalid, Chicken, Cyborg, Mime, Naga,
Viashino; CR 205.3f).

The grammar's ``SUBTYPE`` token is any capitalised word; ``words.typeword`` accepts it
as a subtype only when it is one of these, so a capitalised word at the start of a
sentence that is no subtype ("Artifact creatures you control", "Attacking creatures")
can't be read as one (CR 205.3: subtypes are these words and no others). Planar types
(205.3n) are left out: no filter the reader reads names a plane.

``tests/test_subtypes_and_lists.py`` checks the set against the rules and the pool.
"""

from __future__ import annotations

__all__ = ["SUBTYPES"]

SUBTYPES: frozenset[str] = frozenset({
    'Adventure', 'Advisor', 'Aetherborn', 'Ajani', 'Alien', 'Ally', 'Aminatou', 'Angel',
    'Angrath', 'Antelope', 'Ape', 'Arcane', 'Archer', 'Archon', 'Arlinn', 'Armadillo',
    'Army', 'Artificer', 'Ashiok', 'Assassin', 'Assembly-Worker', 'Astartes', 'Atog',
    'Attraction', 'Aura', 'Aurochs', 'Avatar', 'Azra', 'Background', 'Badger',
    'Bahamut', 'Balloon', 'Barbarian', 'Bard', 'Basilisk', 'Basri', 'Bat', 'Bear',
    'Beast', 'Beaver', 'Beeble', 'Beholder', 'Berserker', 'Bird', 'Bison', 'Blinkmoth',
    'Blood', 'Boar', 'Bobblehead', 'Bolas', 'Bringer', 'Brushwagg', 'Calix', 'Camarid',
    'Camel', 'Capybara', 'Caribou', 'Carrier', 'Cartouche', 'Case', 'Cat', 'Cave',
    'Centaur', 'Cephalid', 'Chandra', 'Chicken', 'Child', 'Chimera', 'Citizen', 'Class',
    'Cleric', 'Clown', 'Clue', 'Cockatrice', 'Comet', 'Construct', 'Contraption',
    'Coward', 'Coyote', 'Crab', 'Crocodile', 'Curse', 'Custodes', 'Cyberman', 'Cyborg',
    'Cyclops', 'C’tan', 'Dack', 'Dakkon', 'Dalek', 'Daretti', 'Dauthi', 'Davriel',
    'Demigod', 'Demon', 'Desert', 'Deserter', 'Detective', 'Devil', 'Dihada',
    'Dinosaur', 'Djinn', 'Doctor', 'Dog', 'Domri', 'Dovin', 'Dragon', 'Drake',
    'Dreadnought', 'Drix', 'Drone', 'Druid', 'Dryad', 'Dwarf', 'Echidna', 'Efreet',
    'Egg', 'Elder', 'Eldrazi', 'Elemental', 'Elephant', 'Elf', 'Elk', 'Ellywick',
    'Elminster', 'Elspeth', 'Employee', 'Equipment', 'Estrid', 'Eye', 'Faerie',
    'Ferret', 'Fish', 'Flagbearer', 'Food', 'Forest', 'Fortification', 'Fox', 'Fractal',
    'Freyalise', 'Frog', 'Fungus', 'Gamer', 'Gargoyle', 'Garruk', 'Gate', 'Germ',
    'Giant', 'Gideon', 'Gith', 'Glimmer', 'Gnoll', 'Gnome', 'Goat', 'Goblin', 'God',
    'Gold', 'Golem', 'Gorgon', 'Graveborn', 'Gremlin', 'Griffin', 'Grist', 'Guest',
    'Guff', 'Hag', 'Halfling', 'Hamster', 'Harpy', 'Hedgehog', 'Hellion', 'Hero',
    'Hippo', 'Hippogriff', 'Homarid', 'Homunculus', 'Horror', 'Horse', 'Huatli',
    'Human', 'Hydra', 'Hyena', 'Illusion', 'Imp', 'Incarnation', 'Incubator',
    'Infinity', 'Inkling', 'Inquisitor', 'Insect', 'Island', 'Jace', 'Jackal', 'Jared',
    'Jaya', 'Jellyfish', 'Jeska', 'Juggernaut', 'Junk', 'Kaito', 'Kangaroo', 'Karn',
    'Kasmina', 'Kavu', 'Kaya', 'Kiora', 'Kirin', 'Kithkin', 'Knight', 'Kobold', 'Kor',
    'Koth', 'Kraken', 'Lair', 'Lamia', 'Lammasu', 'Lander', 'Leech', 'Lemur', 'Lesson',
    'Leviathan', 'Lhurgoyf', 'Licid', 'Liliana', 'Lizard', 'Llama', 'Lobster', 'Locus',
    'Lolth', 'Lukka', 'Manticore', 'Map', 'Masticore', 'Mercenary', 'Merfolk',
    'Metathran', 'Mime', 'Mine', 'Minion', 'Minotaur', 'Minsc', 'Mite', 'Mole',
    'Monger', 'Mongoose', 'Monk', 'Monkey', 'Moogle', 'Moonfolk', 'Mordenkainen',
    'Mount', 'Mountain', 'Mouse', 'Mutant', 'Myr', 'Mystic', 'Naga', 'Nahiri', 'Narset',
    'Nautilus', 'Necron', 'Nephilim', 'Nightmare', 'Nightstalker', 'Niko', 'Ninja',
    'Nissa', 'Nixilis', 'Noble', 'Noggle', 'Nomad', 'Nymph', 'Octopus', 'Ogre', 'Oko',
    'Omen', 'Ooze', 'Orb', 'Orc', 'Orgg', 'Otter', 'Ouphe', 'Ox', 'Oyster', 'Pangolin',
    'Peasant', 'Pegasus', 'Pentavite', 'Performer', 'Pest', 'Phelddagrif', 'Phoenix',
    'Phyrexian', 'Pilot', 'Pincher', 'Pirate', 'Plains', 'Planet', 'Plant', 'Platypus',
    'Porcupine', 'Possum', 'Power-Plant', 'Powerstone', 'Praetor', 'Primarch', 'Prism',
    'Processor', 'Qu', 'Quintorius', 'Rabbit', 'Raccoon', 'Ral', 'Ranger', 'Rat',
    'Rebel', 'Reflection', 'Rhino', 'Rigger', 'Robot', 'Rogue', 'Role', 'Room', 'Rowan',
    'Rune', 'Sable', 'Saga', 'Saheeli', 'Salamander', 'Samurai', 'Samut', 'Sand',
    'Saproling', 'Sarkhan', 'Satyr', 'Scarecrow', 'Scientist', 'Scion', 'Scorpion',
    'Scout', 'Sculpture', 'Seal', 'Serf', 'Serpent', 'Serra', 'Servo', 'Shade',
    'Shaman', 'Shapeshifter', 'Shard', 'Shark', 'Sheep', 'Shrine', 'Siege', 'Siren',
    'Sivitri', 'Skeleton', 'Skunk', 'Slith', 'Sliver', 'Sloth', 'Slug', 'Snail',
    'Snake', 'Soldier', 'Soltari', 'Sorcerer', 'Sorin', 'Spacecraft', 'Spawn',
    'Specter', 'Spellshaper', 'Sphere', 'Sphinx', 'Spider', 'Spike', 'Spirit',
    'Splinter', 'Sponge', 'Squid', 'Squirrel', 'Starfish', 'Stone', 'Surrakar',
    'Survivor', 'Swamp', 'Symbiote', 'Synth', 'Szat', 'Tamiyo', 'Tasha', 'Teferi',
    'Tentacle', 'Tetravite', 'Teyo', 'Tezzeret', 'Thalakos', 'Thopter', 'Thrull',
    'Tibalt', 'Tiefling', 'Time Lord', 'Tower', 'Town', 'Toy', 'Trap', 'Treasure',
    'Treefolk', 'Trilobite', 'Triskelavite', 'Troll', 'Turtle', 'Tyranid', 'Tyvar',
    'Ugin', 'Undercity', 'Unicorn', 'Urza', 'Urza’s', 'Vampire', 'Varmint', 'Vedalken',
    'Vehicle', 'Venser', 'Viashino', 'Villain', 'Vivien', 'Volver', 'Vraska', 'Vronos',
    'Wall', 'Walrus', 'Warlock', 'Warrior', 'Weasel', 'Weird', 'Werewolf', 'Whale',
    'Will', 'Windgrace', 'Wizard', 'Wolf', 'Wolverine', 'Wombat', 'Worm', 'Wraith',
    'Wrenn', 'Wurm', 'Xenagos', 'Yanggu', 'Yanling', 'Yeti', 'Zariel', 'Zombie',
    'Zubera',
})
