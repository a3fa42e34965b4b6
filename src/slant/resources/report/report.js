/* slant report: draws the heatmaps (vega-embed) and the network (Cytoscape.js) from the JSON data block.
   Untrusted text only ever reaches the page through textContent. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("slant-data").textContent);
  var state = { cy: null, views: [], ready: false, errors: [] };
  window.slantReport = state;

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }

  function drawHeatmaps() {
    var jobs = data.heatmaps.map(function (h, i) {
      var target = document.getElementById("heatmap-" + i);
      if (!target) return Promise.resolve(null);
      // ast: true runs Vega's expressions with the interpreter (no eval, so the page's CSP holds);
      // actions: false leaves out the export/editor menu (it would link outside the file).
      return vegaEmbed(target, h.spec, {
        mode: "vega-lite", renderer: "svg", actions: false, ast: true, defaultStyle: false,
        tooltip: { theme: "light" }
      }).then(function (result) {
        state.views.push(result.view);
        return result.view;
      });
    });
    return Promise.all(jobs);
  }

  var KIND_COLOURS = {
    person: "#4f86d9", party: "#9c5fd1", org: "#3aa0c8", place: "#4caf50", group: "#e0a800",
    author: "#555555", other: "#9e9e9e"
  };

  function drawNetwork() {
    var net = data.network;
    var maxWeight = 1;
    net.edges.forEach(function (e) { maxWeight = Math.max(maxWeight, e.data.weight || 1); });
    var cy = cytoscape({
      container: document.getElementById("cy"),
      elements: { nodes: net.nodes, edges: net.edges },
      style: [
        { selector: "node", style: {
          "label": "data(label)", "font-size": 11, "text-valign": "bottom", "text-margin-y": 3,
          "background-color": function (n) { return KIND_COLOURS[n.data("kind")] || KIND_COLOURS.other; },
          "width": function (n) { return 14 + 4 * Math.sqrt(n.data("mentions") || 1); },
          "height": function (n) { return 14 + 4 * Math.sqrt(n.data("mentions") || 1); }
        } },
        { selector: "edge", style: {
          "curve-style": "bezier", "target-arrow-shape": "triangle", "arrow-scale": 0.9, "opacity": 0.85,
          "width": function (e) { return 1.5 + 7 * ((e.data("weight") || 1) - 1) / Math.max(1, maxWeight - 1); }
        } },
        { selector: "edge[polarity = 'support']", style: { "line-color": "#2e7d32", "target-arrow-color": "#2e7d32" } },
        { selector: "edge[polarity = 'oppose']", style: { "line-color": "#c62828", "target-arrow-color": "#c62828" } },
        { selector: ":selected", style: { "overlay-color": "#1f5fbf", "overlay-opacity": 0.25 } }
      ],
      layout: {
        name: "cose", animate: false, randomize: true, padding: 30, nodeOverlap: 20, componentSpacing: 100,
        nodeRepulsion: function () { return 400000; }, idealEdgeLength: function () { return 110; }
      }
    });
    if (cy.zoom() > 1.4) {  // a small graph would be blown up to fill the box
      cy.zoom(1.4);
      cy.center();
    }
    cy.on("tap", "edge", function (evt) { showEdge(evt.target); });
    cy.on("tap", "node", function (evt) { showNode(evt.target); });
    state.cy = cy;
    return cy;
  }

  function panel() {
    var p = document.getElementById("evidence");
    p.replaceChildren();
    return p;
  }

  function showEdge(edge) {
    var d = edge.data();
    var p = panel();
    var h = el("h3");
    h.appendChild(el("span", edge.source().data("label")));
    h.appendChild(document.createTextNode(" "));
    h.appendChild(el("span", d.polarity === "support" ? "backs" : "attacks", d.polarity === "support" ? "support" : "oppose"));
    h.appendChild(document.createTextNode(" "));
    h.appendChild(el("span", edge.target().data("label")));
    p.appendChild(h);
    var kinds = (d.kinds || []).join(", ");
    p.appendChild(el("p", d.weight + " sentence" + (d.weight === 1 ? "" : "s") + " in " + d.articles +
      " article" + (d.articles === 1 ? "" : "s") + (kinds ? " · " + kinds : ""), "dim"));
    var list = el("ul", null, "evidence-list");
    (d.evidence || []).forEach(function (ev) {
      var li = el("li");
      var art = data.articles[ev.article];
      if (art) {
        var a = el("a", art.title);
        a.setAttribute("href", "#" + art.anchor);
        li.appendChild(a);
      } else {
        li.appendChild(el("span", ev.article, "dim"));
      }
      li.appendChild(el("blockquote", ev.text));
      var notes = [];
      if (ev.kind) notes.push(ev.kind);
      notes.push(ev.asserted_by_name ? "asserted by " + ev.asserted_by_name : "reported by the article");
      if (ev.condition) notes.push("if: " + ev.condition);
      li.appendChild(el("div", notes.join(" · "), "dim"));
      list.appendChild(li);
    });
    p.appendChild(list);
  }

  function showNode(node) {
    var d = node.data();
    var p = panel();
    p.appendChild(el("h3", d.label));
    p.appendChild(el("p", d.kind + " · named in " + d.articles + " article" + (d.articles === 1 ? "" : "s") +
      " · " + d.mentions + " mention" + (d.mentions === 1 ? "" : "s"), "dim"));
    if (d.aliases && d.aliases.length) p.appendChild(el("p", "also: " + d.aliases.join(", ")));
    var out = node.outgoers("edge").length, inc = node.incomers("edge").length;
    p.appendChild(el("p", out + " outgoing, " + inc + " incoming link" + (inc === 1 ? "" : "s") + "; click a line for its sentences."));
  }

  function fail(where, err) {
    state.errors.push(where + ": " + err);
    console.error("slant report: " + where + " failed:", err);
  }

  var heat = drawHeatmaps().catch(function (err) { fail("heatmap", err); });
  try { drawNetwork(); } catch (err) { fail("network", err); }
  heat.then(function () {
    state.ready = true;
    document.body.setAttribute("data-ready", "1");
  });
})();
