// Stylesheets have no meaning in jsdom unit tests.
module.exports = {};
