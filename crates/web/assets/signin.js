// The private link's sign-in (`/play#TOKEN`): the token is in the address's fragment, which
// no server saw. It is taken out of the address (and so out of the browser's history) and
// sent once, in the page's own form, which the server answers with the game's cookie.
(() => {
  "use strict";
  const form = document.getElementById("signin-form");
  const token = decodeURIComponent(location.hash.slice(1)).trim();
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  // A refused token is not sent again: the page says why, and waits for another link.
  if (!form || !token || form.dataset.refused) return;
  form.elements.link.value = token;
  const working = document.getElementById("signin-working");
  if (working) working.hidden = false;
  form.submit();
})();
