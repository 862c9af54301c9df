// A plain boardgame.io server (in-memory storage, socket.io transport)
// serving the workload's game: node server.js [port]
const { Server } = require('boardgame.io/server');
const { LanternBench } = require('./game');

const port = Number(process.argv[2] || 18200);
const server = Server({ games: [LanternBench], origins: ['http://127.0.0.1:' + port, 'http://localhost:' + port] });
server.run({ port, callback: () => console.log('boardgame.io server on', port, 'pid', process.pid) });
