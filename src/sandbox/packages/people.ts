/**
 * The people of a package search: the spec's age rules (ages for everybody aged 17 or
 * younger in prepackages; Age for babies and children in the basic catalog), rooms as
 * indexes into People, and what each person pays. Where the spec is silent the sandbox
 * refuses what a hotel could not take: a room nobody sleeps in, a person in two rooms or
 * in none, a room without an adult (Adult, Senior or Generic).
 */
import { PersonType, type PeopleDistribution, type Person } from '#src/api/packages.js';
import { SandboxCode, refuse } from '../codes.js';

const MAX_MINOR_AGE = 17;

const isMinorAge = (age: number) => Number.isInteger(age) && age >= 0 && age <= MAX_MINOR_AGE;

/** Prepackages' PeopleDistributions: refuses a room without ages for its minors. */
export function checkDistributions(distributions: readonly PeopleDistribution[]): {
  hasMinors: boolean;
} {
  let hasMinors = false;
  distributions.forEach((room, index) => {
    const where = `PeopleDistributions[${index}]`;
    const adults = room.numberOfAdults ?? 0;
    const seniors = room.numberOfSeniors ?? 0;
    const children = room.numberOfChildren ?? 0;
    const babies = room.numberOfBabies ?? 0;
    const ages = room.childrenAges ?? [];
    if ([adults, seniors, children, babies].some((count) => count < 0))
      refuse(SandboxCode.InvalidRequest, `${where}: numbers of people cannot be negative`);
    if (adults + seniors + children + babies === 0)
      refuse(SandboxCode.InvalidRequest, `${where}: a room needs at least one person`);
    if (ages.length !== children + babies)
      refuse(
        SandboxCode.InvalidRequest,
        `${where}.ChildrenAges: ages must be given for everybody aged ${MAX_MINOR_AGE} or younger ` +
          `(${children + babies} expected, ${ages.length} given)`,
      );
    const wrong = ages.findIndex((age) => !isMinorAge(age));
    if (wrong >= 0)
      refuse(
        SandboxCode.InvalidRequest,
        `${where}.ChildrenAges[${wrong}]: an age from 0 to ${MAX_MINOR_AGE} is expected`,
      );
    if (adults + seniors === 0)
      refuse(SandboxCode.InvalidRequest, `${where}: a room needs an adult or a senior`);
    if (children + babies > 0) hasMinors = true;
  });
  return { hasMinors };
}

/** Basic catalog People: Age required for babies and children. */
export function checkPeople(people: readonly Person[]): void {
  if (people.length === 0) refuse(SandboxCode.InvalidRequest, 'People: at least one person');
  people.forEach((person, index) => {
    if (person.type !== PersonType.Baby && person.type !== PersonType.Child) return;
    if (person.age === undefined)
      refuse(SandboxCode.InvalidRequest, `People[${index}].Age: required for babies and children`);
    if (!isMinorAge(person.age))
      refuse(
        SandboxCode.InvalidRequest,
        `People[${index}].Age: an age from 0 to ${MAX_MINOR_AGE} is expected`,
      );
  });
}

const isAdult = (person: Person) => person.type >= PersonType.Adult;

/** RoomDistribution: every person in exactly one room, each room with an adult. */
export function checkRooms(rooms: readonly (readonly number[])[], people: readonly Person[]): void {
  if (rooms.length === 0)
    refuse(SandboxCode.InvalidRequest, 'Accommodation.RoomDistribution: at least one room');
  const seen = new Set<number>();
  rooms.forEach((room, roomIndex) => {
    const where = `Accommodation.RoomDistribution[${roomIndex}]`;
    if (room.length === 0) refuse(SandboxCode.InvalidRequest, `${where}: a room needs a person`);
    for (const index of room) {
      if (index < 0 || index >= people.length)
        refuse(
          SandboxCode.InvalidRequest,
          `${where}: ${index} is not the index of a person in People (0 to ${people.length - 1})`,
        );
      if (seen.has(index))
        refuse(SandboxCode.InvalidRequest, `${where}: person ${index} is already in a room`);
      seen.add(index);
    }
    if (!room.some((index) => isAdult(people[index]!)))
      refuse(SandboxCode.InvalidRequest, `${where}: a room needs an adult`);
  });
  const missing = people.findIndex((_, index) => !seen.has(index));
  if (missing >= 0)
    refuse(
      SandboxCode.InvalidRequest,
      `Accommodation.RoomDistribution: person ${missing} of People is in no room`,
    );
}

/** Share of an adult's night a person pays: children half, babies nothing. */
export function nightShare(person: Person): number {
  if (person.type === PersonType.Baby) return 0;
  if (person.type === PersonType.Child) return 0.5;
  return 1;
}

/** The counts a reservation reports (adults include seniors and generic people). */
export function headcount(people: readonly Person[]): {
  numberOfAdults: number;
  numberOfChildren: number;
  childrenAges: number[];
} {
  const minors = people.filter(
    (person) => person.type === PersonType.Baby || person.type === PersonType.Child,
  );
  return {
    numberOfAdults: people.length - minors.length,
    numberOfChildren: minors.length,
    childrenAges: minors.map((person) => person.age ?? 0),
  };
}
