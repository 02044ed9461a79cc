// The floor compiles exactly like the store (same Babel preset and options).
module.exports = require('../../babel.config.js')
