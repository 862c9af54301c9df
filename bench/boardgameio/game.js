// The workload's game for boardgame.io: six seats, each with Lantern's four
// traits; any seat may step one of its own traits at any time (as a Lantern
// phone may), so every game can act at once.
const { ActivePlayers } = require('boardgame.io/core');

const TRAITS = ['speed', 'might', 'sanity', 'knowledge'];

function step({ G, playerID }, trait, delta) {
  G.seats[playerID][trait] += delta;
}

const LanternBench = {
  name: 'lantern-bench',
  setup: ({ ctx }) => {
    const seats = {};
    for (let i = 0; i < ctx.numPlayers; i++) {
      seats[String(i)] = { speed: 4, might: 4, sanity: 4, knowledge: 4 };
    }
    return { seats };
  },
  turn: { activePlayers: ActivePlayers.ALL },
  moves: { step },
};

module.exports = { LanternBench, TRAITS };
