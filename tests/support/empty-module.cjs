// Stands in for stylesheets imported by UI modules under jest (jsdom renders no CSS).
module.exports = {};
