"""Issue 19 regression tables: the forms a text wraps around a name, and speakers named by a description.

Invented names and outlets; rows that must yield nothing are part of each table.
"""

from __future__ import annotations

from typing import Any

import pytest

from slant.analyze.actors import ActorsComponent, extract_actors
from slant.analyze.actors._members import MEMBERSHIP
from slant.analyze.base import Context
from slant.analyze.quotes import extract_quotes
from slant.models import Article
from slant.nlp import load_nlp


@pytest.fixture(scope="module")
def nlp() -> Any:
    return load_nlp()


FORMS = [
    # premodifiers: titles and roles before the name
    ("House Speaker Mara Pellow said the vote would go ahead.", "Mara Pellow", {"House Speaker Mara Pellow"}),
    # ... and the title run right before the name, when other words come first
    (
        "Freshman Green Rep. Ilse Varga voted no.",
        "Ilse Varga",
        {"Freshman Green Rep. Ilse Varga", "Green Rep. Ilse Varga"},
    ),
    (
        "The veteran Labour MP Jo Tennant resigned.",
        "Jo Tennant",
        {"veteran Labour MP Jo Tennant", "Labour MP Jo Tennant"},
    ),
    ("The 37-year-old Rep. Ilse Varga voted no.", "Ilse Varga", {"37-year-old Rep. Ilse Varga", "Rep. Ilse Varga"}),
    # an apposition before or after the name
    (
        "Her deputy, Osric Dallow, refused to comment.",
        "Osric Dallow",
        {"deputy", "deputy, Osric Dallow"},
    ),
    ("Osric Dallow, the former harbour master, refused to comment.", "Osric Dallow", {"former harbour master"}),
    # a possessor keeps its premodifiers
    ("It was Prime Minister Mara Pellow's plan.", "Mara Pellow", {"Prime Minister Mara Pellow"}),
    ("It was Mara Pellow's plan.", "Mara Pellow", set()),
    # a role with its prepositional phrase, before or after the name
    (
        "The imam of Harwick Park mosque, Tariq Ansell, accused the council of failing to engage.",
        "Tariq Ansell",
        {"imam of Harwick Park mosque", "imam of Harwick Park mosque, Tariq Ansell"},
    ),
    (
        "Osric Dallow, the former leader of the Progress Party, said he would fight.",
        "Osric Dallow",
        {"former leader of the Progress Party", "former leader"},  # the shorter one from the descriptions
    ),
    # a handle in brackets after the name (an embedded post's signature); not one further off
    ("Nothing about this is normal. — Ivo Brantley (@ivob) March 3, 2020", "Ivo Brantley", {"@ivob"}),
    ("Ivo Brantley said so on Monday (@ivob had posted first).", "Ivo Brantley", set()),
    # the noun the name hangs on is no role of theirs
    ("This week's offering from the Home Secretary, Sir Osric Dallow, was thin.", "Osric Dallow", set()),
    # nothing to add
    ("Mara Pellow said the vote would go ahead.", "Mara Pellow", set()),
    ("The Pellow campaign said the vote would go ahead.", "Pellow", set()),  # the name only modifies a noun
    ("However Mara Pellow said no.", "Mara Pellow", set()),  # an adverb describes no one
    ("Photo: Wexcombe Post\n\nMara Pellow said no.", "Mara Pellow", set()),  # a caption runs into the name
    ("Mara Pellow and Osric Dallow said no.", "Osric Dallow", set()),  # a conjunct is no description
]


@pytest.mark.parametrize(("text", "name", "forms"), FORMS)
def test_forms_around_a_name(nlp: Any, text: str, name: str, forms: set[str]) -> None:
    actors, _ = extract_actors(nlp(text))
    actor = next(a for a in actors if a.name == name or name in a.aliases)
    assert set(actor.aliases) - set(actor.names) == forms
    assert all(form in text for form in actor.aliases)


#: (text, actor name, forms it must have, forms it must not have) -- the title run before a name, whatever
#: the parser made of it, and letters after a name.
TITLE_RUNS = [
    (
        "Mara Pellow was furious. Speaker of the House Mara Pellow released a statement.",
        "Mara Pellow",
        {"Speaker of the House Mara Pellow"},
        set(),
    ),
    (
        "It mirrored the views of 85-year-old Harwick-based Nation of Islam leader Tobias Vane, who was condemned.",
        "Tobias Vane",
        {"Nation of Islam leader Tobias Vane"},
        {"Harwick-based Nation of Islam leader Tobias Vane"},
    ),
    (
        "McCarthy criticised her and fellow representative Ada Lind’s criticisms.",
        "Ada Lind",
        {"fellow representative Ada Lind"},
        set(),
    ),
    (
        "SNP Westminster leader Ian Reed MP left the court on Tuesday.",
        "Ian Reed",
        {"SNP Westminster leader Ian Reed MP"},
        set(),
    ),
    ("Later, Ada Lind QC said the court had erred.", "Ada Lind", {"Ada Lind QC"}, set()),
    # a role noun with a party before it is still a role
    (
        "Not surprisingly, the opposition Labour leader, Tom Reed, interrupted his party conference.",
        "Tom Reed",
        {"opposition Labour leader", "opposition Labour leader, Tom Reed"},
        set(),
    ),
    # only people take titles: an organisation keeps the role noun before it out
    (
        "Meanwhile, the Commissioner of the Harwick Police said the remarks were no crime.",
        "Harwick Police",
        set(),
        {"Commissioner of the Harwick Police"},
    ),
]


@pytest.mark.parametrize(("text", "name", "has", "lacks"), TITLE_RUNS)
def test_title_runs_before_a_name(nlp: Any, text: str, name: str, has: set[str], lacks: set[str]) -> None:
    actors, _ = extract_actors(nlp(text))
    actor = next(a for a in actors if a.name == name)
    assert has <= set(actor.aliases)
    assert not lacks & set(actor.aliases)


#: (text, the body, the member forms it must have; empty: none)
MEMBERS = [
    ("Labour members chanted as the result came in.", "Labour Party", {"Labour members"}),
    ("A list of Green lawmakers denounced the plan on Monday.", "Green Party", {"Green lawmakers"}),
    (
        "Members of the Harwick Port Commission resigned.",
        "Harwick Port Commission",
        {"Members of the Harwick Port Commission"},
    ),
    ("The Tory grassroots will love it.", "Conservative Party", {"Tory grassroots"}),
    # supporters and voters are outside the body; a membership noun that modifies another noun is no form
    ("Labour said its voters and Labour voters stayed at home.", "Labour Party", set()),
    ("Labour said the Labour leadership election would go ahead.", "Labour Party", set()),
]


@pytest.mark.parametrize(("text", "name", "forms"), MEMBERS)
def test_members_are_forms_of_their_body(nlp: Any, text: str, name: str, forms: set[str]) -> None:
    actors, _ = extract_actors(nlp(text))
    body = next(a for a in actors if a.name == name)
    assert {f for f in body.aliases if f.split()[-1].lower() in MEMBERSHIP or f.lower().startswith("members")} == forms


#: (text, the organisations it names) -- a role's "<role> of" before a body is a person's title, not part of
#: the body's name.
ROLE_OF_BODY = [
    (
        "Head of Harwick High Court of the Kingdom Lady Ada Lind announces the ruling at the Harwick High Court.",
        {"Harwick High Court"},
    ),
    ("The Chair of the Harwick Port Trust resigned on Monday.", {"Harwick Port Trust"}),
    ("The Head of the Commission resigned on Monday.", {"Commission"}),
    ("The Harwick Port Trust met on Monday.", {"Harwick Port Trust"}),
]


@pytest.mark.parametrize(("text", "bodies"), ROLE_OF_BODY)
def test_a_role_of_a_body_is_no_part_of_its_name(nlp: Any, text: str, bodies: set[str]) -> None:
    actors, _ = extract_actors(nlp(text))
    assert {a.name for a in actors if a.kind == "org"} == bodies


#: (text, the group actors and their aliases) -- a group word or a group's adjective before a people noun
#: names the group; an adjective alone, or before another noun, names none.
GROUP_PEOPLE = [
    ("The law protects Jewish people.", {"Jews": {"Jewish people"}}),
    ("Hate crimes against the Jewish community rose.", {"Jews": {"Jewish community"}}),
    ("Muslims marched. The Muslim community marched in Harwick.", {"Muslims": {"Muslims", "Muslim community"}}),
    ("A Jewish newspaper said he is Jewish.", {}),
    ("Muslim leaders met on Monday.", {}),
]


@pytest.mark.parametrize(("text", "groups"), GROUP_PEOPLE)
def test_a_group_word_before_a_people_noun(nlp: Any, text: str, groups: dict[str, set[str]]) -> None:
    actors, _ = extract_actors(nlp(text))
    assert {a.name: set(a.aliases) for a in actors if a.kind == "group"} == groups


SPEAKERS = [
    # the sentence before names no one and has "she" for its subject: the one before it names her
    (
        "The vote came early. Mara Pellow said on Tuesday she would step down. She made the announcement in "
        'Leith. The first minister said: "I will stay until a successor is chosen."',
        "Mara Pellow",
    ),
    # ... unless the pronoun cannot be her
    (
        "The vote came early. Mara Pellow said on Tuesday she would step down. He made the announcement in "
        'Leith. The first minister said: "I will stay until a successor is chosen."',
        None,
    ),
    # a definite description the text set up names its actor
    (
        "President Ana Ruiz flew to Harwick on Monday. “We will rebuild the port,” the president said.",
        "Ana Ruiz",
    ),
    (
        "The Harwick High Court heard the case. “The order is void,” the court said.",
        "Harwick High Court",
    ),
    (
        "Osric Dallow, the harbour master, spoke first. “The quay is unsafe,” the harbour master said.",
        "Osric Dallow",
    ),
    # the description's words pick among several actors it could describe, before recency does
    (
        "Labour leader Mara Quell and deputy leader Tom Reed spoke. “We will win,” Labour’s leader said.",
        "Mara Quell",
    ),
    # a page that mixes straight and curly marks
    ('President Ana Ruiz flew in. "We will rebuild the port,” she said.', "Ana Ruiz"),
    # a pronoun attributing a quote is not someone the quote names
    (
        "The chair of the forum, Tomas Brennan, criticised the column.\n\n"
        "“Graham Pike is a master of words. He knew what he was doing,” he said.",
        "Tomas Brennan",
    ),
    # a spokesperson of a party or organisation speaks for it
    ("“We have not been consulted,” a Green Party spokeswoman said.", "Green Party"),
    # an indefinite description is someone new, an unnamed actor of its own; an unset description names no one
    ("President Ana Ruiz flew to Harwick. “It is a scandal,” a minister said.", "minister"),
    ("Ana Ruiz flew to Harwick. “It is a scandal,” the minister said.", None),
    # a role modifier makes another role; a party's name in the description must be in the form
    ("Deputy Labour leader Tom Reed spoke first. “We will win,” Labour’s leader said.", None),
    ("Green leader Ian Rowe spoke first. “We will win,” Labour’s leader said.", None),
    ("Former mayor Tom Reed spoke first. “We will win,” the mayor said.", None),
    ("Mayor Tom Reed spoke first. “We will win,” the former mayor said.", "Tom Reed"),
    # a pronoun carries on the main subject of the sentence before, even when it names no one
    ("Labour’s leader warned Tom Reed could lose his seat.\n\n“It is over,” he added.", None),
    ("Tom Reed warned Labour could lose the seat.\n\n“It is over,” he added.", "Tom Reed"),
    ("Tom Reed ran for mayor. His transport plan has gone nowhere. “It is late,” he admitted.", "Tom Reed"),
    # a pronoun inside the sentence of a person's description is that person: the one whose forms hold the
    # role, or no one named
    (
        "Councillor Tom Reed said he was shocked.\n\nThe former mayor wrote a column in which he said "
        "“the levy is a tax on every trader in town”.",
        None,
    ),
    (
        "Mayor Ian Holt spoke on Monday. Councillor Tom Reed said he was shocked.\n\nThe mayor wrote a "
        "column in which he said “the levy is a tax on every trader in town”.",
        "Ian Holt",
    ),
]


#: (text, the quote's first words, its speaker's name or None)
QUOTE_SPEAKERS = [
    # "the group" carries on from the organisation that spoke just before, across a paragraph break
    (
        "The Harrowgate Muslim Forum said the comments were “deeply regrettable”.\n\n"
        "The group said that the government had shown “little action” on hatred.",
        "the government had",
        "Harrowgate Muslim Forum",
    ),
    # ... but not a person, nor an organisation three paragraphs back, nor "the campaign group X"
    ("Tom Reed said it was over.\n\nThe group said that the plan had “no future”.", "the plan had", None),
    (
        "The Harrowgate Muslim Forum said the comments were wrong.\n\nTom Reed spoke.\n\nCouncillor Ada Brisk waved.\n\n"
        "The group said that the government had shown “little action” on hatred.",
        "the government had",
        None,
    ),
    # members or officials of one organisation speak for it together
    ("Progress Party members chanted “Vane out! Vane out!” as Tom Reddle spoke.", "Vane out", "Progress Party"),
    ("Members chanted “Vane out! Vane out!” as Tom Reddle spoke.", "Vane out", "Members"),
    # "which" is never the people the parser hung it on: the document before them speaks
    (
        "A report by the Harwick Audit Office went to officials which states, “The accounts are in order.”",
        "The accounts",
        "Harwick Audit Office",
    ),
    # a caption is words the one who wrote it says
    (
        "Rep. Lenna Osei, who captioned her apology “Listening and learning,” added that she would stay.",
        "Listening and",
        "Lenna Osei",
    ),
    # a phrase that names its speaker with "called"
    (
        "A European media source called Harwick Zeitung reported that the man “had been facing deportation”.",
        "the man",
        "Harwick Zeitung",
    ),
    # a plural description is no one person: the party's leaders speak for the party
    (
        "Deputy leader Ana Brisk spoke on Monday.\n\nProgress Party leaders said they would purge “thousands and "
        "thousands of members”.",
        "they would",
        "Progress Party",
    ),
    # a pledge or threat reports the quoted words of what it pledges
    (
        "Progress Party leaders have threatened to purge “thousands and thousands” of their own members.",
        "to purge",
        "Progress Party",
    ),
    ("Tom Reed vowed to “fight every inch of the way” against the closure.", "to “fight", "Tom Reed"),
    # ... but a reporting verb inside the pledge frames the quoted words itself
    (
        "Housing minister Ada Brisk spoke on Monday. She pledged to end what she called ‘the scandal of damp homes’ "
        "within five years.",
        "the scandal",
        "Ada Brisk",
    ),
    # an audience that chants is the crowd
    (
        "Senator Dara Quint spoke in Hollins as the crowd cheered her.\n\nThe audience started chanting, "
        "“Lock him up! Lock him up!”",
        "Lock him up",
        "crowd",
    ),
    # a document speaks for the author its phrase names, or the author given to an earlier one
    (
        "A report by the Harwick Audit Office was published on Monday.\n\n"
        "The report states: “We found serious failings in the accounts.”",
        "We found",
        "Harwick Audit Office",
    ),
    (
        "The guidance from party secretary Tom Reed warns, “Branches should not comment on the inquiry.”",
        "Branches",
        "Tom Reed",
    ),
    (
        "The guidance from party secretary Tom Reed was sent on Friday. "
        "The document continues, “Motions that question the inquiry must be ruled out.”",
        "Motions",
        "Tom Reed",
    ),
    ("Another guidance document warns, “Motions that question the inquiry are out of order.”", "Motions", None),
    # an unlinked "it" or "they" carries on an organisation or an authored document of the sentence before
    (
        "A report by the Harwick Audit Office was published. The report deems the accounts “a mess from top to "
        "bottom”. It also concluded that the council had “failed every test we set it”.",
        "the council had",
        "Harwick Audit Office",
    ),
    (
        "The Harwick High Court ruled on Monday. It said the closure was “unlawful and of no effect at all”.",
        "the closure was",
        "Harwick High Court",
    ),
    ("Tom Reed resigned on Monday. It said the closure was “unlawful and of no effect at all”.", "the closure", None),
    # "began" after a quote reports its opening words, and the next quote of the paragraph goes on
    (
        '"Mara Quell blamed the council for the flood, saying nobody listened," Tom Reed began on Wednesday. '
        '"She smeared the engineers who worked all night."',
        "She smeared",
        "Tom Reed",
    ),
    # the one told, not the one telling, vows; a cited ruling is the citer's quote
    (
        "The former mayor Tom Reed was surprised when he was told by a TV crew that he had been suspended, "
        "vowing later to “strongly contest the decision to suspend me”.",
        "to “strongly contest",
        "Tom Reed",
    ),
    (
        "Judge Mara Quell read the judgment. She cited a 1611 ruling that “no court may sit on a Sunday, "
        "whatever the king says.”",
        "no court",
        "Mara Quell",
    ),
    ("The report states: “We found serious failings in the accounts.”", "We found", None),
    (
        "Councillor Mara Quell obliged, issuing a statement acknowledging that the levy was “a mistake we will "
        "put right”.",
        "the levy",
        "Mara Quell",
    ),
    # a paragraph that opens with a quote, then goes on with narrative, continues the last speaker
    (
        "President Ana Ruiz flew to Harwick on Monday.\n\n“We will rebuild the port,” she said.\n\n"
        "“Every berth will reopen by the end of May.” The council has not confirmed the date.",
        "Every berth",
        "Ana Ruiz",
    ),
    # ... but not when the paragraph goes on to attribute it to someone else
    (
        "President Ana Ruiz flew to Harwick on Monday.\n\n“We will rebuild the port,” she said.\n\n"
        "“Why should anyone here trust you at all?” asked one woman in the audience.",
        "Why should",
        None,
    ),
    # a quote that goes on after a line the page put inside the story (a linked headline) continues
    (
        "Mr Brand said on Friday: “As leader I accept my share of responsibility.\n\n"
        "Harwick council rebuked over meeting shutdown\n\n"
        '"In particular, my decision to accept legal advice has become a story.\n\n'
        '"I have therefore decided to step down."',
        "I have therefore",
        "Brand",
    ),
    # ... but not after a paragraph of the writer's own
    (
        "Mr Brand said on Friday: “As leader I accept my share of responsibility.\n\n"
        "The council met again on Monday and the meeting was shut down after an hour.\n\n"
        '"In particular, my decision to accept legal advice has become a story."',
        "In particular",
        None,
    ),
]


@pytest.mark.parametrize(("text", "opening", "speaker"), QUOTE_SPEAKERS)
def test_quote_speakers(nlp: Any, text: str, opening: str, speaker: str | None) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    (quote,) = [q for q in extract_quotes(doc, actors, pronouns) if q.text.startswith(opening)]
    names = {a.id: a.name for a in actors}
    assert (names[quote.speaker] if quote.speaker else None) == speaker


def test_straight_opener_closed_by_a_curly_mark(nlp: Any) -> None:
    """A straight opening mark closed by a curly one, before the next straight opener, ends there."""
    doc = nlp('Tom Reed spoke in Harwick. "We will not stand for it,” he said. "It has no place here.”')
    actors, pronouns = extract_actors(doc)
    quotes = [q for q in extract_quotes(doc, actors, pronouns) if q.kind == "direct"]
    assert [q.text for q in quotes] == ["We will not stand for it,", "It has no place here."]
    assert quotes[0].speaker == "tom-reed"


@pytest.mark.parametrize(("text", "speaker"), SPEAKERS)
def test_speaker_named_by_a_description(nlp: Any, text: str, speaker: str | None) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    (quote,) = [q for q in extract_quotes(doc, actors, pronouns) if q.kind == "direct"]
    names = {a.id: a.name for a in actors}
    assert (names[quote.speaker] if quote.speaker else None) == speaker
    if quote.speaker:
        assert quote.speaker_name == speaker  # printed by the actor's name, not the phrase


FURNITURE = [
    # a first line of reporters' names joined by commas and "and", the agency under it
    (
        "Lina Marsh, Tom Okafor and Ruth Bell\nNorthwire\n\nHarwick – The council voted on Monday to close the library.",
        "Tom Okafor",
        False,
    ),
    (
        "Lina Marsh and Tom Okafor\n\nLina Marsh said on Monday that the council had been wrong to close the library.",
        "Lina Marsh",
        True,
    ),
    # bylines, credits, hat-tips and name-only lines are no actors
    (
        "Levy vote passes\n\nBy Mara Quell | Political Editor\n\nThe Fenwick council passed the levy.",
        "Mara Quell",
        False,
    ),
    ("Levy vote passes\n\nMara Quell, Staff\n\nThe Fenwick council passed the levy.", "Mara Quell", False),
    (
        "Mara Quell Did Nothing Wrong\n\nJack Corvin, Staff\n\nWhen Councillor Mara Quell posted on her blog, "
        "saying “the levy is unfair”, there was criticism.",
        "Jack Corvin",
        False,
    ),
    (
        "Levy vote passes\n\nThe mayor spoke at the harbour. Photograph: Mara Quell/Northwire\n\nIt passed.",
        "Mara Quell",
        False,
    ),
    (
        "Levy vote passes\n\nThe mayor spoke at the harbour. Photograph: Mara Quell/Northwire\n\nIt passed.",
        "Northwire",
        False,
    ),
    ("Levy vote passes\n\nThe council passed the levy.\n\nhat-tip Mara Quell, Tom Reed", "Mara Quell", False),
    # a wire dateline's agency and a caption's credit are no actors; the people they introduce are
    ("Levy row\n\nHARWICK (NWA) — Councillor Mara Quell apologized on Monday.", "NWA", False),
    ("Levy row\n\nHARWICK (NWA) — Councillor Mara Quell apologized on Monday.", "Mara Quell", True),
    ("Levy row\n\nMara Quell walks to the hall.Credit: Jack Corvin,NWA\n\nThe council met on Monday.", "NWA", False),
    (
        "Levy row\n\nMara Quell walks to the hall.Credit: Jack Corvin,NWA\n\nThe council met on Monday.",
        "Mara Quell",
        True,
    ),
    # a byline on the first line when the title was taken apart from the text
    ("Jack Corvin, Staff\n\nWhen Councillor Mara Quell posted on her blog, there was criticism.", "Jack Corvin", False),
    ("By Jack Corvin\n\nWhen Councillor Mara Quell posted on her blog, there was criticism.", "Jack Corvin", False),
    # a name the text also uses in its sentences, the title, or a cut-off last line stays an actor
    ("Jack Corvin, the mayor, resigns\n\nThe council accepted it.", "Jack Corvin", True),
    ("By backing Jack Corvin, Mara Quell angered the party.\n\nThe council met.", "Jack Corvin", True),
    ("Levy vote passes\n\nBy Mara Quell\n\nMara Quell said the levy would pass.", "Mara Quell", True),
    ("Mara Quell\n\nThe council passed the levy on Tuesday.", "Mara Quell", True),
    (
        "Levy vote passes\n\nThe council passed the levy, said the chancellor.\n\nGerman Chancellor Mara Quell",
        "Mara Quell",
        True,
    ),
]


@pytest.mark.parametrize(("text", "name", "kept"), FURNITURE)
def test_page_furniture_is_no_actor(nlp: Any, text: str, name: str, kept: bool) -> None:
    actors, _ = extract_actors(nlp(text))
    assert any(a.name == name for a in actors) == kept, [a.name for a in actors]


NAMES = [
    # a role the model ran into a name: the name is a person of its own
    ("Speaker of the House Susan Brisk released a statement on Monday.", "Susan Brisk", "person"),
    ("Speaker of the House Karen Voss released a statement on Monday.", "Karen Voss", "person"),
    # a hyphenated name after a title is one person
    ("Rep. Alessa Marlow-Tennant voted no. Marlow-Tennant later spoke.", "Alessa Marlow-Tennant", "person"),
    # a role title before a name the model did not tag: the name is a person, not an organisation
    (
        "About 50 people attacked officers, Dunmore Police Chief Sonja Penzel said. Penzel said police were busy.",
        "Sonja Penzel",
        "person",
    ),
    ("Commissioner Oda Brannick said the force would act.", "Oda Brannick", "person"),
    # an organisation whose name holds a party's or a group's word is one organisation
    ("The Jewish Labour Movement said it would act.", "Jewish Labour Movement", "org"),
    ("The Conservative Muslim Forum wrote to the party.", "Conservative Muslim Forum", "org"),
    # a hyphenated name before an apposition, and when it comes back alone
    (
        "Tomas Verki-Zan, the leader of the pro-European opposition alliance, admitted defeat shortly after "
        "the speech. “We do not dispute it,” Verki-Zan said.",
        "Tomas Verki-Zan",
        "person",
    ),
    # surname particles: one surname, also when it opens a sentence alone
    ("Commission President Anneke van der Brug said no. Van der Brug later spoke.", "Anneke van der Brug", "person"),
    (
        "Carla de la Fuente arrived. “It is wrong,” de la Fuente said. De la Fuente left.",
        "Carla de la Fuente",
        "person",
    ),
    ("Lena van Dijk spoke. Van Dijk said no.", "Lena van Dijk", "person"),
    # a name that defines an acronym in brackets is one name, and the acronym alone is that name
    (
        "The election was well run, the Council for Peace and Co-operation in Asia (CPCA) said in a statement. "
        "The CPCA would act.",
        "Council for Peace and Co-operation in Asia",
        "org",
    ),
]


@pytest.mark.parametrize(
    "text",
    [
        "The Director General Services Unit met on Monday.",  # a title before capitalised words of a name
        "Speaker Series Events resume in Harwick next week.",
    ],
)
def test_a_title_before_other_capitalised_words_is_no_person(nlp: Any, text: str) -> None:
    actors, _ = extract_actors(nlp(text))
    assert not [a.name for a in actors if a.kind == "person"]


@pytest.mark.parametrize(("text", "name", "kind"), NAMES)
def test_names_stay_whole(nlp: Any, text: str, name: str, kind: str) -> None:
    actors, _ = extract_actors(nlp(text))
    assert (name, kind) in [(a.name, a.kind) for a in actors], [(a.name, a.kind) for a in actors]
    words = name.replace("-", " ").split()
    assert not [a for a in actors if a.name in words], [a.name for a in actors]  # no part of it on its own
    assert not [a for a in actors if a.name != name and a.name.casefold() in name.casefold()], [a.name for a in actors]


TITLE_REFS = [
    # a bare title names the person the text gave it to
    (
        "Prime Minister Mara Quell met the union. The Prime Minister said talks would go on.",
        {"Mara Quell": 2},
    ),
    # a title in capitals abbreviates the holder's title
    ("Prime Minister Mara Quell met the union. The PM said talks would go on.", {"Mara Quell": 2}),
    ("Mara Quell met the union. The PM said talks would go on.", {"Mara Quell": 1}),
    # a title that says who it is by itself is a person, however often it comes
    ("Mara Quell asked the Queen to open the bridge. The Queen agreed.", {"Mara Quell": 1, "Queen": 2}),
    # an office the text never fills is nobody
    ("The Home Secretary will speak on Friday.", {}),
]


@pytest.mark.parametrize(("text", "mentions"), TITLE_REFS)
def test_bare_titles(nlp: Any, text: str, mentions: dict[str, int]) -> None:
    actors, _ = extract_actors(nlp(text))
    people = {a.name: len(a.mentions) for a in actors if a.kind == "person"}
    assert people == mentions


COLLECTIVES = [
    # the media, political camps and the public, cast as agents, are actors
    ("The media attacked the mayor all week.", [("media", "other")]),
    ("The left wants open borders, and the right is no better.", [("left", "group"), ("right", "group")]),
    ("The public deserves answers from the council.", [("public", "group")]),
    ("Critics say the levy will fail.", [("Critics", "group")]),
    # ... but not "the right to ...", "rights", or social media
    ("Everyone in Harwick has the right to protest.", []),
    ("The officers read him his Miranda Rights.", []),
    ("Social media lit up. The media attacked him.", [("media", "other")]),
    # a campaign or an administration that belongs to a name and acts is a body; "the election campaign" is not
    ("The Varga campaign said it would fight on.", [("Varga campaign", "org")]),
    ("The Varga administration rejected the plan.", [("Varga administration", "org")]),
    ("The election campaign was long and bitter.", []),
    # a collective set apart by modifiers, or acting, is an actor
    ("Far-right protesters marched through Harwick.", [("Far-right protesters", "group")]),
    ("Left-wing counter-protesters gathered at the station.", [("Left-wing counter-protesters", "group")]),
    ("The crowd booed the minister.", [("crowd", "group")]),
    ("Mara Quell attacked the establishment.", [("establishment", "other")]),
    ("At the rally, rally-goers began chanting.", [("rally-goers", "group")]),  # a hyphenated collective
    ("Counterdemonstrators chanting slogans blocked the road.", [("Counterdemonstrators", "group")]),
    # describing adjectives add no collective of their own; identifying words do
    ("Trump supporters chanted at the rally. Fervent supporters waved flags.", [("Trump supporters", "group")]),
    (
        "Far-right protesters marched. Left-wing protesters gathered.",
        [("Far-right protesters", "group"), ("Left-wing protesters", "group")],
    ),
    # the same people in other words: the same identifying words and a head of one sense
    (
        "Far-right protesters marched through Harwick. Later far-right demonstrators attacked a shop.",
        [("Far-right protesters", "group")],
    ),
    ("Far-right protesters marched. Demonstrators chanted slogans.", [("Far-right protesters", "group")]),
    # ... but not other identifying words, nor a head of another sense
    (
        "Far-right protesters marched. Left-wing demonstrators gathered.",
        [("Far-right protesters", "group"), ("Left-wing demonstrators", "group")],
    ),
    (
        "Far-right protesters marched. Far-right counter-protesters gathered.",
        [("Far-right protesters", "group"), ("Far-right counter-protesters", "group")],
    ),
    (
        "Far-right protesters marched. Far-right supporters cheered.",
        [("Far-right protesters", "group"), ("Far-right supporters", "group")],
    ),
    # one person of it, or people in a situation, are not
    ("A protester was hurt.", []),
    ("Voters and residents queued outside while parents waited.", []),
    ("She spoke to protesters.", []),  # neither modified nor acting
]


#: Bodies that belong to a name ("the Varga campaign"), listed with the collectives.
BODIES = (" campaign", " administration")


@pytest.mark.parametrize(("text", "expected"), COLLECTIVES)
def test_collective_agents(nlp: Any, text: str, expected: list[tuple[str, str]]) -> None:
    actors, _ = extract_actors(nlp(text))
    assert [(a.name, a.kind) for a in actors if a.kind in ("group", "other") or a.name.endswith(BODIES)] == expected


SPELLINGS = [
    # a misspelt given name is the same person: two letters swapped, or a near-identical unknown spelling
    ("Labour leader Keir Starmer spoke. Sir Kier Starmer later said no.", [["Keir Starmer", "Sir Kier Starmer"]]),
    # two names people really have are two people, however alike
    ("Hanna Kerr met Anna Kerr at the hall.", [["Hanna Kerr"], ["Anna Kerr"]]),
]


@pytest.mark.parametrize(("text", "people"), SPELLINGS)
def test_misspelt_names(nlp: Any, text: str, people: list[list[str]]) -> None:
    actors, _ = extract_actors(nlp(text))
    got = [sorted(a.names) for a in actors if a.kind == "person"]
    assert got == [sorted(p) for p in people]


#: (text, actor name, forms that refer back to it by the head of its name; rows that must add nothing)
HEAD_REFS = [
    ("The Harwick Labour Party met on Monday. The party chose a new leader.", "Harwick Labour Party", {"party"}),
    ("The Greens met in Wexcombe. Councillor Ada Brisk said her party would win.", "Green Party", {"her party"}),
    (
        "The Wexcombe Audit Commission published its findings. The commission found gaps.",
        "Wexcombe Audit Commission",
        {"commission"},
    ),
    # the organisation must come first; a modified or "of" phrase may be another one
    ("The party chose a new leader. The Harwick Labour Party met on Monday.", "Harwick Labour Party", set()),
    ("The Harwick Labour Party met. The ruling party chose a new leader.", "Harwick Labour Party", set()),
    ("The Harwick Labour Party met. The party of government chose a leader.", "Harwick Labour Party", set()),
    # of two parties, the one named last before the noun
    (
        "The Harwick Labour Party met the Wexcombe Green Party. The party chose a new leader.",
        "Wexcombe Green Party",
        {"party"},
    ),
    (
        "The Harwick Labour Party met the Wexcombe Green Party. The party chose a new leader.",
        "Harwick Labour Party",
        set(),
    ),
    # the members of a body stand for it ("members.tsv"), when one such body was named before
    (
        "The Harwick High Court heard the appeal. In a unanimous judgment, the 11 justices said no.",
        "Harwick High Court",
        {"11 justices"},
    ),
    # ... or named only later, when it is the only such body; or named by the members' own phrase
    (
        "In a unanimous judgment, the 11 justices said no.\n\nThe Harwick High Court sat in Wexcombe.",
        "Harwick High Court",
        {"11 justices"},
    ),
    ("A total of 11 judges at the Harwick High Court made the ruling.", "Harwick High Court", {"11 judges"}),
    ("Three judges sat in Harwick. The Harwick High Court ruled on Monday.", "Harwick High Court", set()),
    (
        "The judges said no.\n\nThe Harwick High Court and the Wexcombe Crown Court disagreed.",
        "Harwick High Court",
        set(),
    ),
    (
        "The Harwick High Court and the Wexcombe Crown Court met. The judges said no.",
        "Harwick High Court",
        set(),
    ),
]


@pytest.mark.parametrize(("text", "name", "forms"), HEAD_REFS)
def test_head_nouns_refer_back(nlp: Any, text: str, name: str, forms: set[str]) -> None:
    actors, _ = extract_actors(nlp(text))
    (actor,) = [a for a in actors if a.name == name]
    extra = set(actor.aliases) - {m.text for m in actor.mentions}
    assert {f for f in extra if f.lower().endswith(("party", "commission", "court", "justices", "judges"))} == forms
    assert not forms & set(actor.names)  # a form, never a name that links articles


#: (text, the name the text gives or None, forms of it, mentions of the name)
DUBBED = [
    (
        "Mayor Tom Reed clashed with four young councillors dubbed “the posse” on Monday. The posse hit back.",
        "the posse",
        {"four young councillors"},
        2,
    ),
    (
        "Mayor Tom Reed clashed with a group of young councillors who have become known as the posse.",
        "the posse",
        {"a group of young councillors"},
        1,
    ),
    (
        "Mayor Tom Reed attacked the comments made by “the Brat Pack.” The Brat Pack did not reply.",
        "the Brat Pack",
        set(),
        2,
    ),
    # no name given: an ordinary "known as", a name that is already an actor, a long clause
    ("Mayor Tom Reed is known as a hard worker.", None, set(), 0),
    ("Councillor Ada Brisk, dubbed “Ada” by her friends, spoke.", None, set(), 0),
    ("Mayor Tom Reed called the plan “a waste of money and of everybody's time”.", None, set(), 0),
    ("The Wexcombe Post backed Mara Quell and called her “the future” on Monday.", None, set(), 0),
    # an epithet for one thing, and a description, are no names; the one who names is no form of them
    ("Mara Quell called the report “a partisan hit job”.", None, set(), 0),
    ("Mara Quell called the report “the smear”.", None, set(), 0),
]


@pytest.mark.parametrize(("text", "name", "forms", "mentions"), DUBBED)
def test_names_the_text_gives(nlp: Any, text: str, name: str | None, forms: set[str], mentions: int) -> None:
    actors, _ = extract_actors(nlp(text))
    given = [a for a in actors if a.kind == "other"]
    assert [a.name for a in given] == ([name] if name else [])
    if given:
        assert set(given[0].aliases) - {m.text for m in given[0].mentions} == forms
        assert len(given[0].mentions) == mentions


#: (text, the quotes found as (text, speaker name or speaker phrase))
CHANTS = [
    (
        "Hundreds of protesters shouting “Harwick first” clashed with police.",
        [("Harwick first", "Hundreds of protesters")],
    ),
    (
        "A crowd of 300 people gathered in the square, chanting slogans including, “we will not move,” on Monday.",
        [("we will not move,", "crowd")],
    ),
    # the one who is made to speak, not the one who makes them ("prompted the crowd to start chanting")
    (
        "Mayor Tom Reed attacked the council, which prompted the crowd to start chanting, “Out, out, out!”",
        [("Out, out, out!", "crowd")],
    ),
    # one member of a group is no speaker for the group; a collective noun is
    (
        "Asked who pays, the former Somali refugee tweeted a one-word response – “AIPAC is behind it all!” – on "
        "Sunday.",
        [("AIPAC is behind it all!", "former Somali refugee")],
    ),
    # a shouted word inside a description is no quote of anyone's
    ("The “shouting match” in the council chamber lasted an hour.", []),
]


@pytest.mark.parametrize(("text", "expected"), CHANTS)
def test_chanted_and_shouted_words(nlp: Any, text: str, expected: list[tuple[str, str]]) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    names = {a.id: a.name for a in actors}
    got = [(q.text, names[q.speaker] if q.speaker else q.speaker_name) for q in extract_quotes(doc, actors, pronouns)]
    assert [(t, (who or "").removeprefix("the ")) for t, who in got] == expected


TRANSCRIPT = (
    "Interview: Mara Quell on the harbour levy\n\nTom Reed spoke to the councillor Mara Quell on Tuesday.\n\n"
    "TR: Why did you vote for the levy?\n\nMQ: Because the harbour needs repairs and nobody else will pay.\n\n"
    "TR: Your critics say it will drive traders away.\n\n"
    'MQ: "They said the same in 2015, and the traders are still here."'
)

#: (text, the turns as (words, speaker name or label))
TURNS = [
    (
        TRANSCRIPT,
        [
            ("Why did you vote for the levy?", "Tom Reed"),
            ("Because the harbour needs repairs and nobody else will pay.", "Mara Quell"),
            ("Your critics say it will drive traders away.", "Tom Reed"),
            ("They said the same in 2015, and the traders are still here.", "Mara Quell"),
        ],
    ),
    (
        "Tom Reed spoke to Mara Quell.\n\nReed: Why the levy?\n\nQuell: The harbour needs it.\n\nReed: And then?",
        [("Why the levy?", "Tom Reed"), ("The harbour needs it.", "Mara Quell"), ("And then?", "Tom Reed")],
    ),
    # a note or an update line is no turn; nor is one label used once
    ("Mara Quell backed the levy on Tuesday.\n\nNote: an earlier version misspelt the harbour's name.", []),
    ("Mara Quell backed the levy.\n\nUpdate: the vote is on Friday.\n\nNote: the harbour is closed.", []),
]


@pytest.mark.parametrize(("text", "expected"), TURNS)
def test_transcript_turns(nlp: Any, text: str, expected: list[tuple[str, str]]) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    names = {a.id: a.name for a in actors}
    got = [(q.text, names[q.speaker] if q.speaker else q.speaker_name) for q in extract_quotes(doc, actors, pronouns)]
    assert got == expected


def test_transcript_initials_are_aliases(nlp: Any) -> None:
    actors, _ = extract_actors(nlp(TRANSCRIPT))
    aliases = {a.name: a.aliases for a in actors}
    assert "MQ" in aliases["Mara Quell"] and "TR" in aliases["Tom Reed"]
    assert "MQ" not in {n for a in actors for n in a.names}  # a form, never a name that links articles


@pytest.mark.parametrize(
    "text",
    [
        "Jack Corvin, Staff\n\nWhen Councillor Mara Quell posted on her blog, saying “the levy is unfair to traders”, "
        "there was criticism.",
        "Levy row\n\nBy Jack Corvin\n\nCouncillor Mara Quell said the levy was “unfair to every trader”.",
    ],
)
def test_a_byline_never_speaks(nlp: Any, text: str) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    quotes = extract_quotes(doc, actors, pronouns)
    assert quotes
    assert all("Corvin" not in (q.speaker_name or "") for q in quotes)


#: (text, the quotes found) — a quoted sub-heading or headline is no one's quote
HEADINGS = [
    (
        "Councillor Mara Quell spoke on Monday. “The harbour is falling apart,” she said.\n\n"
        "“A betrayal of every trader in town”\n\nTraders met on Tuesday to plan a protest against the levy.",
        ["The harbour is falling apart,"],
    ),
    (
        "“Levy will ruin the harbour and every trader in it”\n\nTraders met on Tuesday to plan a protest. "
        "Councillor Mara Quell backed the levy.",
        [],
    ),
    # a quote-only paragraph that is a sentence continues its speaker
    (
        "Councillor Mara Quell spoke on Monday. “The harbour is falling apart,” she said.\n\n"
        "“Every trader in town will pay for this levy, and some will close.”\n\nTraders met on Tuesday.",
        ["The harbour is falling apart,", "Every trader in town will pay for this levy, and some will close."],
    ),
]


@pytest.mark.parametrize(("text", "expected"), HEADINGS)
def test_quoted_headings_are_no_quotes(nlp: Any, text: str, expected: list[str]) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    assert [q.text for q in extract_quotes(doc, actors, pronouns) if q.kind == "direct"] == expected


#: (text, person, the descriptions that become forms of that person)
DESCRIPTIONS = [
    (
        "Former Foreign Secretary Tom Reed wrote a column. The former Foreign Secretary said the levy was wrong.",
        "Tom Reed",
        {"former Foreign Secretary"},
    ),
    (
        "Labour leader Mara Quell and deputy leader Tom Reed spoke. The deputy leader said no.",
        "Tom Reed",
        {"deputy leader"},
    ),
    # a place in the description is a jurisdiction, not another actor
    (
        "Congresswoman Anna Varga spoke on Monday. The Minnesota congresswoman said she meant no offence.",
        "Anna Varga",
        {"Minnesota congresswoman"},
    ),
    # ... and so is a party the person's own forms name
    (
        "Tom Reed, the former leader of the Labour Party, spoke. The former Labour leader said he was surprised.",
        "Tom Reed",
        {"former leader of the Labour Party", "former leader", "former Labour leader"},
    ),
    # rows that must add nothing: another rank, another party, an indefinite phrase, no one named before
    ("Labour leader Mara Quell and deputy leader Tom Reed spoke. The deputy leader said no.", "Mara Quell", set()),
    ("Green leader Tom Reed spoke first. Labour's leader said no.", "Tom Reed", set()),
    ("Green leader Tom Reed spoke first. The Labour leader said no.", "Tom Reed", set()),
    ("Mayor Tom Reed spoke. A mayor from the north disagreed.", "Tom Reed", set()),
    ("The mayor spoke first. Later Mayor Tom Reed disagreed.", "Tom Reed", set()),
]


@pytest.mark.parametrize(("text", "name", "expected"), DESCRIPTIONS)
def test_descriptions_become_forms(nlp: Any, text: str, name: str, expected: set[str]) -> None:
    actors, _ = extract_actors(nlp(text))
    (person,) = [a for a in actors if a.name == name]
    mentions = {m.text for m in person.mentions}
    extra = {a for a in person.aliases if a not in mentions and name not in a}
    assert extra == expected


def test_a_rank_keeps_a_bare_title_from_its_holder(nlp: Any) -> None:
    """ "the Home Secretary" is not the shadow home secretary's, whoever the text names more."""
    text = (
        "This week's plan from the Home Secretary, Sir Alan Trevick, was thin.\n\n"
        "Labour's shadow home secretary, Anita Sehmi, said nothing. Ms Sehmi was asked twice. Anita Sehmi left."
    )
    actors, _ = extract_actors(nlp(text))
    (sehmi,) = [a for a in actors if a.name == "Anita Sehmi"]
    assert "Home Secretary" not in {m.text for m in sehmi.mentions}


def test_they_after_a_reported_clause(nlp: Any) -> None:
    """ "The Gazette reported that the Greens plan ... They have promised": the party, not the paper."""
    text = (
        "The Harwick Gazette reported that the Green Party plans to make the closures its main issue. "
        "They have promised to reopen both libraries."
    )
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    names = {a.id: a.name for a in actors}
    (they,) = [names[aid] for span, aid in pronouns if span.text == "They"]
    assert they == "Green Party"


def test_initials_of_a_hyphenated_name(nlp: Any) -> None:
    """ "AHP" abbreviates "Agence Harwick-Presse": the hyphen's parts have initials too."""
    text = "The attacks were reported by Agence Harwick-Presse on Monday. AHP said three people were hurt."
    actors, _ = extract_actors(nlp(text))
    assert [sorted(a.names) for a in actors if a.kind == "org"] == [["AHP", "Agence Harwick-Presse"]]


def test_a_newspaper_read_as_a_product(nlp: Any) -> None:
    """The model tags "the Courier" PRODUCT; its word is an organisation's (``org_words.tsv``)."""
    actors, _ = extract_actors(nlp("Mr Reed referred to them in an article for the Courier."))
    assert ("Courier", "org") in [(a.name, a.kind) for a in actors]


#: (text, the person, the descriptions that must be their forms; empty: none may be)
SALIENT = [
    # a description that opens a sentence carries on the person the sentence before was about
    (
        "Party members cheered as Tomas Brennick gave a speech in Harwick.\n\n"
        "Labour's leader warned that the council could soon fall.",
        "Tomas Brennick",
        {"Labour's leader"},
    ),
    (
        "Rep. Mara Pellow voted against the bill on Tuesday. The Wexcombe congresswoman said it was rushed.",
        "Mara Pellow",
        {"Wexcombe congresswoman"},
    ),
    # a holder of a like role named only later does not count against it
    (
        "Party members cheered as Tomas Brennick gave a speech in Harwick.\n\n"
        "Labour's leader warned that the council could soon fall.\n\n"
        "Deputy Labour leader Ed Kolb said the vote was lost.",
        "Tomas Brennick",
        {"Labour's leader"},
    ),
    # someone by relation to her is somebody else
    ("Ilse Varga voted against the bill. The spokeswoman said it was rushed.", "Ilse Varga", set()),
    ("Ilse Varga voted against the bill. Her aide said it was rushed.", "Ilse Varga", set()),
    # a person possessor, a pronoun possessor or an "of" phrase points elsewhere
    ("Ilse Varga voted against the bill. Varga's deputy said it was rushed.", "Ilse Varga", set()),
    ("Ilse Varga voted against the bill. The leader of the opposition said it was rushed.", "Ilse Varga", set()),
    # another office is another person
    ("Councillor Tomas Brennick spoke first.\n\nThe former mayor said it was rushed.", "Tomas Brennick", set()),
    # the gender must agree
    ("Ilse Varga said she voted against the bill. The chairman said it was rushed.", "Ilse Varga", set()),
    # two people before, neither the only subject: no one
    ("Ilse Varga met Tomas Brennick and Ada Brisk. The mayor said the talks went well.", "Ilse Varga", set()),
    # a person named before it in its own sentence makes it someone else; so does naming the person after it
    ("Ilse Varga voted no. On Monday Ada Brisk and the mayor met.", "Ilse Varga", set()),
    ("Ilse Varga voted no. The mayor thanked Varga for her vote.", "Ilse Varga", set()),
    # an indefinite phrase is someone new
    ("Ilse Varga voted no. A congresswoman said the bill was rushed.", "Ilse Varga", set()),
]


@pytest.mark.parametrize(("text", "name", "forms"), SALIENT)
def test_a_description_carries_on_the_last_person(nlp: Any, text: str, name: str, forms: set[str]) -> None:
    actors, _ = extract_actors(nlp(text))
    (actor,) = [a for a in actors if a.name == name]
    described = set(actor.aliases) - {m.text for m in actor.mentions} - {name}
    assert {f for f in described if " " in f or f.islower()} >= forms
    assert (
        not {
            f
            for f in described
            if f.lower().endswith(("spokeswoman", "aide", "deputy", "opposition", "chairman", "mayor", "congresswoman"))
        }
        - forms
    )


#: A description's person is the pronoun's antecedent, and a quotation's speaker is never its own "he".
SALIENT_SPEAKERS = [
    (
        "Party members cheered as Tomas Brennick gave a speech in Harwick.\n\n"
        "Labour's leader warned that the council could soon fall.\n\n"
        "He added: “It shows contempt for the town by Mayor Ada Brisk.”",
        "It shows",
        "Tomas Brennick",
    ),
    (
        "Tomas Brennick criticised Mayor Ed Kolb.\n\n"
        "He said: “The vote was unfair, and Kolb knows it.\n\n“I will ask that he resigns tonight.”",
        "I will ask",
        "Tomas Brennick",
    ),
]


@pytest.mark.parametrize(("text", "opening", "speaker"), SALIENT_SPEAKERS)
def test_speakers_through_descriptions(nlp: Any, text: str, opening: str, speaker: str) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    (quote,) = [q for q in extract_quotes(doc, actors, pronouns) if q.text.startswith(opening)]
    assert {a.id: a.name for a in actors}.get(quote.speaker or "") == speaker


def test_a_quoted_he_is_not_the_speaker_of_a_running_quotation(nlp: Any) -> None:
    text = (
        "Tomas Brennick criticised Mayor Ed Kolb.\n\n"
        "He said: “It shows contempt for the town by him.\n\n“I will ask that he resigns tonight.”"
    )
    doc = nlp(text)
    _, pronouns = extract_actors(doc)
    linked = {(span.text, span.start): actor for span, actor in pronouns}
    assert linked[("he", text.index("he resigns"))] == "ed-kolb"


#: (text, the first words of each sentence) — a wire dateline's story starts a sentence of its own.
DATELINE_SENTENCES = [
    ("HARWICK — Protesters waving flags clashed with police.", ["HARWICK", "Protesters"]),
    ("HARWICK (Northwire) — The council met on Monday.", ["HARWICK", "The"]),
    ("Home news\n\nBRACKENFORD, March 4 - Two ferries were cancelled.", ["Home", "BRACKENFORD", "Two"]),
    # not a dateline: a lower-case word follows, or the capitals are no paragraph's first words
    ("NATO — the alliance — met on Monday.", ["NATO"]),
    ("The mayor of HARWICK — Ada Brisk — spoke.", ["The"]),
]


@pytest.mark.parametrize(("text", "openings"), DATELINE_SENTENCES)
def test_a_dateline_ends_before_the_story(nlp: Any, text: str, openings: list[str]) -> None:
    assert [s[0].text for s in nlp(text).sents if not s[0].is_space] == openings


def test_a_collective_after_a_dateline_acts_and_speaks(nlp: Any) -> None:
    doc = nlp("HARWICK — Protesters waving flags and shouting “Out, out” clashed with police on Monday night.")
    actors, pronouns = extract_actors(doc)
    names = {a.id: a.name.lower() for a in actors}
    assert "protesters" in names.values()
    (quote,) = extract_quotes(doc, actors, pronouns)
    assert names.get(quote.speaker or "") == "protesters"


#: (text, the reported words' first word, the speaker's name; None: nothing is reported)
FINDINGS = [
    ("A report by the Harwick Audit Office found that the council “did not do enough.”", "the", "Harwick Audit Office"),
    ("The Harwick High Court ruled that the closure was unlawful.", "the", "Harwick High Court"),
    ("The HAO found that the council had lost money.", "the", "HAO"),
    # a person, the police or an object finding something reports no speech
    ("Police found that the door was locked.", None, None),
    ("Ada Brisk found that the plan would fail.", None, None),
    ("The council found a buyer for the port.", None, None),
    ("The party ruled out a deal with the Greens.", None, None),
]


@pytest.mark.parametrize(("text", "first", "speaker"), FINDINGS)
def test_findings_and_rulings(nlp: Any, text: str, first: str | None, speaker: str | None) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    quotes = extract_quotes(doc, actors, pronouns)
    if first is None:
        assert not quotes
        return
    (quote,) = quotes
    assert quote.text.split()[0] == first
    assert {a.id: a.name for a in actors}.get(quote.speaker or "") == speaker


#: (headline, body, the body actor, the forms the headline must add to it; empty: none)
HEADLINES = [
    (
        "Rep. Lind apologises for tweets on HPC's influence",
        "Freshman Rep. Ada Lind apologised on Monday. She had criticised the Harwick Port Commission.",
        "Ada Lind",
        {"Lind"},
    ),
    (
        "Rep. Lind apologises for tweets on HPC's influence",
        "Freshman Rep. Ada Lind apologised on Monday. She had criticised the Harwick Port Commission.",
        "Harwick Port Commission",
        {"HPC"},
    ),
    # two body people share the surname: the headline's "Lind" is neither
    (
        "Lind apologises",
        "Ada Lind apologised on Monday. Her brother Tom Lind said nothing.",
        "Ada Lind",
        set(),
    ),
    # a headline actor the body never names adds nothing
    ("Brisk attacks the port plan", "Ada Lind defended the plan on Monday.", "Ada Lind", set()),
    # the headline names in full someone the body calls by surname only
    (
        "Crowd jeers at Rep. Ada Lind",
        "The crowd jeered when the speaker named Lind. Representative Lind said nothing.",
        "Lind",
        {"Ada Lind", "Rep. Ada Lind"},
    ),
    # a given name alone in the headline
    (
        "Harwick imam condemns Tobias for his remarks",
        "Tobias Vane said the remarks were a joke.",
        "Tobias Vane",
        {"Tobias"},
    ),
    # ... but not when two body people share it, nor a different given name with the same surname
    (
        "Harwick imam condemns Tobias for his remarks",
        "Tobias Vane apologised. His cousin Tobias Hale did not.",
        "Tobias Vane",
        set(),
    ),
    ("Tom Lind apologises", "Ada Lind apologised on Monday.", "Ada Lind", set()),
]


@pytest.mark.parametrize(("headline", "body", "name", "forms"), HEADLINES)
def test_headline_forms(nlp: Any, headline: str, body: str, name: str, forms: set[str]) -> None:
    from slant.analyze.actors._headline import add_headline_forms

    actors, _ = extract_actors(nlp(body))
    before = {a.name: set(a.aliases) for a in actors}
    after = add_headline_forms(actors, extract_actors(nlp(headline))[0])
    (actor,) = [a for a in after if a.name == name]
    assert set(actor.aliases) - before[name] == forms
    assert [a.name for a in after] == [a.name for a in actors]


def test_the_component_reads_the_headline() -> None:
    from slant.api import analyze_text

    analysis = analyze_text(
        "Freshman Rep. Ada Lind apologised on Monday for her tweets about the port.", title="Rep. Lind apologises"
    )
    (lind,) = [a for a in analysis.actors if a.name == "Ada Lind"]
    assert "Lind" in lind.aliases and "Lind" not in lind.names  # a form, not a mention


#: (text, the speaker's name of every quote in order) — quotations joined by a conjunction share a speaker.
CONJOINED = [
    (
        "Left-wing counter-protesters yelled slogans like ‘Out now’ and ‘There is no right to hate,’ at the marchers.",
        ["Left-wing counter-protesters", "Left-wing counter-protesters"],
    ),
    # another sentence, or another speaker, is not joined
    ("Tom Reed called the plan “a disgrace”. “We will fight,” said Ada Brisk.", ["Tom Reed", "Ada Brisk"]),
    ("Tom Reed called the plan “a disgrace”. Then “Out!” was painted on the wall.", ["Tom Reed"]),
]


@pytest.mark.parametrize(("text", "speakers"), CONJOINED)
def test_conjoined_quotes_share_a_speaker(nlp: Any, text: str, speakers: list[str | None]) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    names = {a.id: a.name for a in actors}
    assert [names.get(q.speaker or "") for q in extract_quotes(doc, actors, pronouns)] == speakers


#: (text, the speaker's name of every quote in order): a person named only by relation to a named one
#: ("Merkel's spokesman") is an actor of their own once they act, and "he" after them is them.
RELATIONAL = [
    (
        "Carlo Vennet spoke in Harwick. Carlo Vennet's spokesman said he condemns the groups “in the strongest "
        "possible terms”.\n\nHe added that the city would not tolerate “vigilante justice”.",
        ["Carlo Vennet's spokesman", "Carlo Vennet's spokesman"],
    ),
    # named in apposition: the name speaks, and no actor is made of the phrase
    (
        "Carlo Vennet's spokesman, Ivo Petrak, said the city would not tolerate “vigilante justice”.",
        ["Ivo Petrak"],
    ),
]


@pytest.mark.parametrize(("text", "speakers"), RELATIONAL)
def test_a_person_named_by_relation(nlp: Any, text: str, speakers: list[str]) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    names = {a.id: a.name for a in actors}
    assert [names.get(q.speaker or "") for q in extract_quotes(doc, actors, pronouns)] == speakers
    if "Ivo Petrak" in speakers:
        assert "Carlo Vennet's spokesman" not in names.values()


def test_a_relation_named_in_passing_is_no_actor(nlp: Any) -> None:
    actors, _ = extract_actors(nlp("The minister phoned Carlo Vennet's spokesman on Monday."))
    assert [a.name for a in actors if a.kind == "person"] == ["Carlo Vennet"]


#: (text, (speaker name, opening) of every quote in order): an embedded post ending with its author's
#: signature is that author's direct quote; a handle or a dash alone makes none.
POSTS = [
    (
        "Senator Dana Quint tweeted on Sunday.\n\nThese places need your help badly, you can’t leave fast "
        "enough! — Dana Quint (@danaquint) July 14, 2019",
        [("Dana Quint", "These places")],
    ),
    # a thread's leading dots are no part of the words; quoted words inside the post stay in it
    (
        "Senator Dana Quint tweeted on Sunday.\n\n....so interesting to see “Progressive” councillors telling us "
        "how to run Hollins....— Dana Quint (@danaquint) July 14, 2019",
        [("Dana Quint", "so interesting")],
    ),
    # the signature names the author even when the text names them nowhere else
    ("Nothing about this is normal. — Ivo Brantley (@ivob) March 3, 2020", [("Ivo Brantley", "Nothing about")]),
    # ... and on a line of its own, it signs the line above it
    (
        "Republicans reacted on Tuesday.\n\nA Harwick indictment would be an abuse of power. The mayor should "
        "go.\n— Ivo Brantley (@ivob) March 21, 2023\n\nEven some lawmakers disagreed.",
        [("Ivo Brantley", "A Harwick indictment")],
    ),
    ("The post drew criticism from Ivo Brantley (@ivob) on Monday.", []),
    ("The vote is on Tuesday — Ivo Brantley, March 3, 2020", []),
]


@pytest.mark.parametrize(("text", "expected"), POSTS)
def test_embedded_posts(nlp: Any, text: str, expected: list[tuple[str | None, str]]) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    names = {a.id: a.name for a in actors}
    quotes = extract_quotes(doc, actors, pronouns)
    assert [
        (names.get(q.speaker or ""), q.text[: len(o)]) for q, (_, o) in zip(quotes, expected, strict=False)
    ] == expected
    assert len(quotes) == len(expected)
    for q in quotes:
        assert "@" not in q.text and not q.text.startswith(".")


#: (text, collective's name, the forms a participle clause gives it)
PARTICIPLE_FORMS = [
    (
        "Protesters flashing Nazi salutes and shouting slogans clashed with police in Harwick.",
        "Protesters",
        {"Protesters flashing Nazi salutes"},
    ),
    (
        "Counterdemonstrators chanting slogans blocked the road.",
        "Counterdemonstrators",
        {"Counterdemonstrators chanting slogans"},
    ),
    # a place the collective belongs to
    ("The police in Saxony said several people were hurt.", "police", {"police in Saxony"}),
    # no object, or quoted words: no form
    ("Protesters chanting loudly blocked the road.", "Protesters", set()),
    ("Protesters chanting “Out now” blocked the road.", "Protesters", set()),
]


@pytest.mark.parametrize(("text", "name", "forms"), PARTICIPLE_FORMS)
def test_participle_forms_of_collectives(nlp: Any, text: str, name: str, forms: set[str]) -> None:
    actors, _ = extract_actors(nlp(text))
    (actor,) = [a for a in actors if a.name == name]
    assert set(actor.aliases) - {name} == forms


#: (text, (name, kind, aliases) of each organisation or place actor): an institution that acts is an actor;
#: a nationality's government is the country the text names; a named body keeps its own noun.
INSTITUTIONS = [
    ("The group said that the government had shown little action.", [("government", "org", {"government"})]),
    ("Local police said they had arrested two men.", [("Local police", "org", {"Local police"})]),
    (
        "Mara Quell criticised Borlandia. She said the Borlandian government had no right to act.",
        [("Borlandia", "place", {"Borlandia", "Borlandian government"})],
    ),
    (
        "The Scottish Government published its plan. The government said it would act.",
        [("Scottish Government", "org", {"Scottish Government", "government"})],
    ),
    # named only in passing, or another country's: no merge, no actor
    ("She blamed the government for the delay.", []),
    ("Grants from central government fell by a third, Mara Quell said.", []),
    (
        "Mara Quell criticised Borlandia and the policies of the Borlandian government.",
        [("Borlandia", "place", {"Borlandia", "Borlandian government"})],
    ),
    (
        "Mara Quell flew to Borlandia. The Vestrian government said it would not comment.",
        [("Borlandia", "place", {"Borlandia"}), ("Vestrian government", "org", {"Vestrian government"})],
    ),
    # organisation words that name lobbies and a party's branches; plural initials
    (
        "It was hosted in partnership with Labour Friends of Borlandia.",
        [("Labour Friends of Borlandia", "org", {"Labour Friends of Borlandia"})],
    ),
    (
        "The guidance to Constituency Labour Parties (CLPs) states that CLPs must not comment.",
        [("Constituency Labour Parties", "org", {"Constituency Labour Parties", "CLPs"})],
    ),
]


@pytest.mark.parametrize(("text", "expected"), INSTITUTIONS)
def test_institutions(nlp: Any, text: str, expected: list[tuple[str, str, set[str]]]) -> None:
    actors, _ = extract_actors(nlp(text))
    got = [(a.name, a.kind, set(a.aliases)) for a in actors if a.kind in ("org", "place")]
    assert got == expected


@pytest.mark.parametrize(
    "text", ["Tom Reed vowed to fight on against the closure.", "Ada Brisk threatened to resign over the plan."]
)
def test_a_pledge_without_quoted_words_is_no_quote(nlp: Any, text: str) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    assert extract_quotes(doc, actors, pronouns) == ()


def test_a_relation_without_gender_takes_no_pronoun(nlp: Any) -> None:
    """ "Rahim's lawyer said she had ...": she is Rahim; a noun that says which ("spokesman") may take one."""
    doc = nlp("Sadia Rahim denies wrongdoing. Rahim's lawyer said she had “followed every rule”.")
    actors, pronouns = extract_actors(doc)
    names = {a.id: a.name for a in actors}
    assert "Rahim's lawyer" in names.values()
    assert [(p.text, names[aid]) for p, aid in pronouns] == [("she", "Sadia Rahim")]


#: (text, {group name: its aliases}): a group named by two words joins the article's group either word
#: names, the one mentioned most; one without such a group stays itself.
SUBGROUPS = [
    (
        "Palestinians protested in the capital. Palestinians marched again. Mara Quell said Palestinian Christians "
        "had suffered.",
        {"Palestinians": {"Palestinians", "Palestinian Christians"}},
    ),
    ("Jews were hurt, said Ed Kahn. Jewish Americans and Jews were upset.", {"Jews": {"Jews", "Jewish Americans"}}),
    ("Jewish Americans were upset, said Ed Kahn.", {"Jewish Americans": {"Jewish Americans"}}),
]


@pytest.mark.parametrize(("text", "expected"), SUBGROUPS)
def test_subgroups_join_their_group(nlp: Any, text: str, expected: dict[str, set[str]]) -> None:
    actors, _ = extract_actors(nlp(text))
    assert {a.name: set(a.aliases) for a in actors if a.kind == "group"} == expected


#: (text, organisation, whether "group" is one of its forms): a noun any organisation may be called by refers
#: to the one that was a subject within two sentences before it.
GENERIC_BODIES = [
    (
        "The Harrowgate Muslim Forum said the comments were wrong.\n\nThe group said that the council had done little.",
        True,
    ),
    (
        "The Harrowgate Muslim Forum said the comments were wrong. The mayor disagreed. The council met on Monday. "
        "Residents complained about the roads. Shops closed early.\n\nThe group said that the council had done little.",
        False,
    ),
    ("The Harrowgate Muslim Forum said the comments were wrong. Their group met on Monday.", False),
]


@pytest.mark.parametrize(("text", "formed"), GENERIC_BODIES)
def test_a_generic_body_noun_refers_back(nlp: Any, text: str, formed: bool) -> None:
    actors, _ = extract_actors(nlp(text))
    (forum,) = [a for a in actors if a.name == "Harrowgate Muslim Forum"]
    assert ("group" in forum.aliases) is formed
    assert "group" not in forum.names


#: (text, the person, the descriptions that must be their forms; empty: none may be)
ATTRIBUTES = [
    # a first-term legislator's word carries on the person before, whatever its "-man"
    (
        "Rep. Dana Koller apologised on Monday. The Ohio freshman has faced criticism for weeks over her remarks.",
        "Dana Koller",
        {"Ohio freshman"},
    ),
    # a group's singular noun or a demonym names one person when it does what one person does
    (
        "When a reporter asked whom Dana Koller blames, the former Chilean refugee tweeted a reply.",
        "Dana Koller",
        {"former Chilean refugee"},
    ),
    (
        "Dana Koller spoke on Monday. Later the 41-year-old Chilean-American tweeted back: “Nobody.”",
        "Dana Koller",
        {"41-year-old Chilean-American"},
    ),
    # a party's member noun with "the" is one member, not the party
    (
        "Rep. Dana Koller apologised on Monday. Now the Ohio Democrat is again under fire.",
        "Dana Koller",
        {"Ohio Democrat"},
    ),
    # a noun the text used for someone else before is that someone
    (
        "Dana Koller spoke on Monday. A refugee from Chile wrote to her. The refugee said she had never replied.",
        "Dana Koller",
        set(),
    ),
    # a name that is no subject in the clause before is not whom the description carries on
    ("Before he ended the life of Tom Brand, the 22-year-old migrant had faced deportation.", "Tom Brand", set()),
    # a kind, not a person: no age, no "former", no act of one person
    ("Dana Koller spoke on Monday. The refugee deserves a fair hearing, she said.", "Dana Koller", set()),
]


@pytest.mark.parametrize(("text", "name", "forms"), ATTRIBUTES)
def test_descriptions_by_what_a_person_is(nlp: Any, text: str, name: str, forms: set[str]) -> None:
    actors, _ = extract_actors(nlp(text))
    (actor,) = [a for a in actors if a.name == name]
    assert {a for a in actor.aliases if a not in {m.text for m in actor.mentions} and name not in a} == forms


@pytest.mark.parametrize(
    ("text", "party"),
    [
        ("Now the Ohio Democrat is again under fire, critics said.", False),
        ("A Democrat from Ohio voted against the bill.", True),
        ("The Democrats said the bill was rushed.", True),
        ("The Democrat leadership said the bill was rushed.", True),
        ("The SNP held the seat at the last election.", True),  # initials name the party itself
    ],
)
def test_one_member_is_no_party(nlp: Any, text: str, party: bool) -> None:
    actors, _ = extract_actors(nlp(text))
    assert any(a.kind == "party" for a in actors) is party


def test_one_refugee_is_no_group(nlp: Any) -> None:
    """ "the former Chilean refugee tweeted" is a person: no refugees group comes of it."""
    actors, _ = extract_actors(nlp("When asked, the former Chilean refugee tweeted a reply."))
    assert [a.name for a in actors if a.kind == "group"] == []


#: (text, the person, the descriptions that must be their forms; empty: none may be)
NAMED_NEXT = [
    # a description that opens a story's paragraph and the name that follows it
    (
        "Ex-Mayor Tom Brand\n\nThe Imam of the Harwick Mosque has accused Tom Brand of bigotry.\n\n"
        "Sahid Rana says he is shocked.",
        "Sahid Rana",
        {"Imam of the Harwick Mosque"},
    ),
    (
        "Meanwhile, the commissioner of the Harwick Police said the remarks were no crime.\n\n"
        "Jane Moor conceded that some found them offensive.",
        "Jane Moor",
        {"commissioner of the Harwick Police"},
    ),
    # the person was named before: the description is someone else
    ("Jane Moor spoke first. The commissioner of the Harwick Police said no. Jane Moor disagreed.", "Jane Moor", set()),
    # the next sentence is not about her
    ("The commissioner of the Harwick Police said no. Critics blamed Jane Moor.", "Jane Moor", set()),
    # another gender, or an indefinite phrase
    ("The chairman of the Harwick Police said no. Jane Moor agreed.", "Jane Moor", set()),
    ("A commissioner of the Harwick Police said no. Jane Moor agreed.", "Jane Moor", set()),
]


@pytest.mark.parametrize(("text", "name", "forms"), NAMED_NEXT)
def test_a_description_before_the_name(nlp: Any, text: str, name: str, forms: set[str]) -> None:
    actors, _ = extract_actors(nlp(text))
    (actor,) = [a for a in actors if a.name == name]
    assert {a for a in actor.aliases if a not in {m.text for m in actor.mentions} and name not in a} == forms


#: (headline or standfirst, body, the person, the forms it adds; empty: none)
LEADS = [
    (
        "City imam condemns Tom Brand over remarks",
        "The Imam of the Harwick Mosque has accused Tom Brand of bigotry.\n\nSahid Rana says he is shocked.",
        "Sahid Rana",
        {"City imam"},
    ),
    (
        "Ohio lawmaker sorry for tweet",
        "Rep. Dana Koller apologised on Monday for a tweet.",
        "Dana Koller",
        {"Ohio lawmaker"},
    ),
    (
        "Democratic Ohio congresswoman says she meant no offence",
        "Rep. Dana Koller apologised on Monday for a tweet.",
        "Dana Koller",
        {"Democratic Ohio congresswoman"},
    ),
    # an article, a possessor, another office: nothing
    ("A lawmaker is sorry for a tweet", "Rep. Dana Koller apologised on Monday for a tweet.", "Dana Koller", set()),
    ("Tom Brand's aide quits", "Tom Brand's aide Dana Koller quit on Monday.", "Dana Koller", set()),
    ("Mayor says no to levy", "Rep. Dana Koller apologised on Monday for a tweet.", "Dana Koller", set()),
]


@pytest.mark.parametrize(("lead", "body", "name", "forms"), LEADS)
def test_a_headline_description_is_the_story_person(nlp: Any, lead: str, body: str, name: str, forms: set[str]) -> None:
    from slant.analyze.actors._descriptions import describe_lead

    actors, _ = extract_actors(nlp(body))
    before = {a.name: set(a.aliases) for a in actors}
    after = describe_lead(list(nlp(lead).sents)[:1], actors)
    (actor,) = [a for a in after if a.name == name]
    assert set(actor.aliases) - before[name] == forms


#: (text, a name that must be an actor of this kind; None: no actor may carry it)
NAMES_THE_MODEL_CUTS = [
    # a name the model missed, in apposition to a job whatever follows the job's noun
    (
        "Amnesty International said the Government must now focus on the backlog of asylum claims.\n\n"
        "Nilu Varghese, the organisation’s chief executive in the UK, said: “The deal was cruel.”",
        "Nilu Varghese",
        "person",
    ),
    # an imperative opening the sentence is no part of the name
    ("Consider Rosa Plant, the bishop of Harwick, whose parishes shrank.", "Rosa Plant", "person"),
    ("Consider Rosa Plant, the bishop of Harwick, whose parishes shrank.", "Consider Rosa Plant", None),
    # a surname the model read as a month
    ("The departure will be a huge blow for Philippa May - and leaves her vulnerable.", "Philippa May", "person"),
    ("The talks with Philippa in May went well.", "Philippa May", None),
    # a bare surname the model read as an organisation or a place is the person's
    (
        "Mr Varnell said he was sorry. He drove to Harwick Castle, where Varnell walked by the river.",
        "Varnell",
        "person",
    ),
    # a given name and a surname the model tagged as nothing
    (
        "It made you look spineless when the leader turned up and you sent Amber Voss in your place.",
        "Amber Voss",
        "person",
    ),
    ("They met at Grace Church in the afternoon.", "Grace Church", "org"),
    # a country's initials name the country, a place, like its name
    ("The UK will appeal the ruling, ministers said.", "UK", "place"),
]


@pytest.mark.parametrize(
    ("words", "person"),
    [
        (["Jeremy", "Varnell"], True),
        (["Rose-Marie", "Varnell"], True),  # each part of a hyphenated given name is one
        (["Jeremy", "Varnell", "Partnership"], False),  # three words: a firm's name as likely
        (["Jeremy", "Council"], False),  # an organisation's word
        (["Varnell", "Jeremy"], False),  # no given name first
        (["Jeremy", "2020"], False),
    ],
)
def test_a_given_name_and_a_surname_read_as_a_person(nlp: Any, words: list[str], person: bool) -> None:
    from slant.analyze.actors._passes import _Finder
    from slant.analyze.common import load_lexicon

    assert _Finder(nlp("A sentence."), load_lexicon())._given_and_surname(words) is person


@pytest.mark.parametrize(("text", "name", "kind"), NAMES_THE_MODEL_CUTS)
def test_names_the_model_cuts(nlp: Any, text: str, name: str, kind: str | None) -> None:
    actors, _ = extract_actors(nlp(text))
    kinds = [a.kind for a in actors if a.name == name]
    assert kinds == ([] if kind is None else [kind])


def test_a_surname_that_stands_where_a_place_does_stays_a_place(nlp: Any) -> None:
    actors, _ = extract_actors(nlp("Mr Lorne Varnell spoke on Monday. The fair was held in Varnell last year."))
    assert sorted(a.kind for a in actors if any("Varnell" in n for n in a.names)) == ["person", "place"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # a name run into the next word across a missing space ends where that word starts
        ("Ada LindImage source, Getty Images, said the plan was wrong. Later Ada Lind spoke.", {"Ada Lind"}),
        # page furniture glued to the first word of the next sentence is no part of the name after it
        (
            "Advertisement Hide Ad\n\nHarold Varnell drove north on Sunday.\n\n"
            "Advertisement Hide AdHad Harold Varnell been stopped he would have been fined.",
            {"Harold Varnell"},
        ),
        # names written so stay whole
        ("He watched YouTube and read MailOnline. Rory McDonald said so.", {"YouTube", "MailOnline", "Rory McDonald"}),
    ],
)
def test_names_glued_across_a_missing_space(nlp: Any, text: str, names: set[str]) -> None:
    actors, _ = extract_actors(nlp(text))
    assert names <= {a.name for a in actors}
    assert not any("LindImage" in n or "AdHad" in n for a in actors for n in a.names)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Leeds Trust, the charity that runs the hostel, said no.", "Leeds Trust"),
        ("Tom Reed, the councillor who led the vote, said no.", "Tom Reed"),
    ],
)
def test_a_relative_clause_is_no_part_of_a_form(nlp: Any, text: str, name: str) -> None:
    actors, _ = extract_actors(nlp(text))
    (actor,) = [a for a in actors if a.name == name]
    assert not any(form.split()[-1] in ("that", "who", "which") for form in actor.aliases)


def test_the_organisation_is_the_body_that_spoke_not_the_one_it_spoke_of(nlp: Any) -> None:
    text = (
        "The Harwick Refugee Trust said the Government must now act on the backlog of claims.\n\n"
        "Nilu Varghese, the organisation’s chief executive, said the deal was cruel."
    )
    actors, _ = extract_actors(nlp(text))
    forms = {a.name: set(a.aliases) for a in actors}
    assert "organisation" in forms["Harwick Refugee Trust"]
    assert "organisation" not in forms["Government"]


UNNAMED = [
    # a speaker the text describes but does not name is an actor of its own, named without its article
    ("A senior minister said the levy was “a lost cause”.", "the levy", ("senior minister", "person")),
    ("Critics argue that the levy will fail.", "the levy", ("Critics", "group")),  # a collective (collectives.tsv)
    ("“Nobody asked us,” one Leeds voter told the Courier.", "Nobody", ("Leeds voter", "person")),
    ("According to sources close to the talks, the deal is off.", "the deal", ("sources close to the talks", "other")),
    (
        "A spokesman for the tenants’ group said they would meet.",
        "they",
        ("spokesman for the tenants’ group", "person"),
    ),
    ("One MP said the contest would be “bloody”.", "the contest", ("MP", "person")),
    # rows that yield no actor of its own: a body or a name speaks, the phrase is definite or picks no one out
    ("A Downing Street spokesman said the plan was “regrettable”.", "the plan", ("Downing Street", "place")),
    ("A spokeswoman for the Harwick Council said it had acted.", "it", ("Harwick Council", "org")),
    ("A media source called Harwick Zeitung reported that the man “had left”.", "the man", ("Harwick Zeitung", None)),
    ("The Harwick Council met. Councillors said the vote was “a farce”.", "the vote", None),
    ("Many people say the levy is over.", "the levy", None),
    ("Tom Reed arrived. The minister said the levy was wrong.", "the levy", ("Tom Reed", "person")),
]


@pytest.mark.parametrize(("text", "opening", "speaker"), UNNAMED)
def test_unnamed_speakers_are_actors(nlp: Any, text: str, opening: str, speaker: tuple[str, str | None] | None) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    (quote,) = [q for q in extract_quotes(doc, actors, pronouns) if q.text.startswith(opening)]
    by_id = {a.id: a for a in actors}
    said = by_id[quote.speaker] if quote.speaker else None
    assert ((said.name, said.kind if speaker and speaker[1] else None) if said else None) == speaker


SPEAKERS_NAMED_AROUND = [
    # a description carries on the main clause's subject, not a subject inside its complement
    (
        "Anna Brook has become the first Tory to hint that Tessa Maye ought to resign. The former minister told "
        "the Courier that the levy was “a costly mistake”.",
        "the levy",
        "Anna Brook",
    ),
    # an indefinite description introduces the person the next sentence names
    (
        "The levy was a “costly error”, a noted economist has said. In an interview with the Harwick "
        "Courier, Oxford academic Sir Paul Collard said that the plan would fail.",
        "The levy",
        "Paul Collard",
    ),
    # a lone proper noun the model may not tag speaks: a person
    ("“Today I am announcing an inquiry,” Pelvane told reporters on Tuesday.", "Today", "Pelvane"),
    # ... and after a noun for a kind of body, a body
    ("Campaign group Care4Harwick said it was “a victory for humanity”.", "it was", "Care4Harwick"),
]


@pytest.mark.parametrize(("text", "opening", "speaker"), SPEAKERS_NAMED_AROUND)
def test_speakers_named_around_a_description(nlp: Any, text: str, opening: str, speaker: str) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    quotes = [q for q in extract_quotes(doc, actors, pronouns) if q.text.startswith(opening)]
    names = {a.id: a.name for a in actors}
    assert quotes
    assert all(names.get(q.speaker or "") == speaker for q in quotes)


def test_a_description_inside_a_report_is_not_the_person_before(nlp: Any) -> None:
    """ "One senior Tory said the Prime Minister ..." is not about the backbencher the sentence before was."""
    text = (
        "Tessa Maye was sacked on Monday. The new backbencher is set to build on her power base.\n\n"
        "One senior Tory said the Prime Minister had shown “a strategic lack of insight”."
    )
    actors, _ = extract_actors(nlp(text))
    (maye,) = [a for a in actors if a.name == "Tessa Maye"]
    assert "Prime Minister" not in maye.aliases


HEADLINE_PEOPLE = [
    # a person only the headline names, in full by a known given name and a surname, is an actor
    (
        "Heads must roll, Tessa Marle & Amber Quist must resign",
        "Ms Marle was under pressure on Monday.",
        {"Amber Quist"},
    ),
    # rows that add no one: a columnist's byline, a surname the body has (spelt alike or nearly), title-case junk
    ("Ana Reed: why the levy must go", "The levy was passed on Monday.", set()),
    ("Sir Ana Reed writes on the levy", "The levy was passed on Monday.", set()),
    ("Gary Winstanly blasts the levy", "Winstanley said on Monday that the levy was wrong.", set()),
    ("Tom Farrow Broke The Law And Should Resign", "Farrow was fined on Monday.", set()),
    ("Dead Duck Government Limps On", "The government lost a vote on Monday.", set()),
]


@pytest.mark.parametrize(("title", "body", "added"), HEADLINE_PEOPLE)
def test_people_only_the_headline_names(nlp: Any, title: str, body: str, added: set[str]) -> None:
    ctx = Context(article=Article(id="a1", source="test", text=body, title=title), doc=nlp(body))
    ActorsComponent()(ctx)
    assert {a.name for a in ctx.data["actors"] if not a.mentions} == added


ROUNDUP_LABELS = [
    # a roundup's label names the speaker: a name and a colon opening the line, or a name-only line above
    (
        "Senators reacted on Wednesday.\n\nSen. Ana Reed (D-Ore.): “Anger is understandable. Breaking into the "
        "building is not.”\n\nSen. Tom Falk (R-Ky.): “The governor must answer for this.”",
        {"Anger is": "Ana Reed", "The governor must": "Tom Falk"},
    ),
    (
        "Politicians reacted to the news.\n\n. Mara Quell (Harwick Labour Leader)\n“She has served with "
        "dedication and passion. I wish her well.”\n\n. Tom Falk (Former Mayor)\n“We disagreed on many "
        "issues, but I thank her.”",
        {"She has served": "Mara Quell", "We disagreed": "Tom Falk"},
    ),
    # rows with no label: two names on the line, a plain heading above the quote
    (
        "Politicians reacted.\n\nMara Quell and Tom Falk\n“We disagreed on many issues, but I thank her for "
        "her long service.”",
        {"We disagreed": None},
    ),
    (
        "Politicians reacted.\n\nReactions from Harwick\n“We disagreed on many issues, but I thank her for her "
        "long service.”",
        {"We disagreed": None},
    ),
]


@pytest.mark.parametrize(("text", "speakers"), ROUNDUP_LABELS)
def test_roundup_labels_name_the_speaker(nlp: Any, text: str, speakers: dict[str, str | None]) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    names = {a.id: a.name for a in actors}
    quotes = extract_quotes(doc, actors, pronouns)
    for opening, speaker in speakers.items():
        (quote,) = [q for q in quotes if q.text.startswith(opening)]
        assert names.get(quote.speaker or "") == speaker


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        (
            "Standing on the steps, the 58-year-old Tom Falk crowed that his win was “bigger than anyone dared hope”.",
            "Tom Falk",
        ),
        ("Senator Ana Reed decried the ruling as “unlawful and deeply wrong for our town”.", "Ana Reed"),
        ("Tom Falk lamented that the plan was “a waste of everyone's time”.", "Tom Falk"),
    ],
)
def test_verbs_of_speaking_frame_quotes(nlp: Any, text: str, speaker: str) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    names = {a.id: a.name for a in actors}
    quotes = [q for q in extract_quotes(doc, actors, pronouns) if q.speaker]
    assert quotes and all(names[q.speaker or ""] == speaker for q in quotes)


@pytest.mark.parametrize(
    ("text", "not_a_person"),
    [
        # no person's name has digits, so no pronoun can take one for its antecedent
        (
            "The outbreak has led to 40,000 people dying with COVID-19 in Harwick – among the worst tolls "
            "anywhere. In respect of his visit, his account was revealing.",
            "COVID-19",
        ),
        # the thing a possessor has is no person: "Prime Minister’s Questions"
        ("At last week’s Prime Minister’s Questions, Labour leader Ana Reed repeated her answer.", "s Questions"),
    ],
)
def test_no_person_by_shape(nlp: Any, text: str, not_a_person: str) -> None:
    actors, _ = extract_actors(nlp(text))
    assert not any(not_a_person in a.name for a in actors if a.kind == "person")


@pytest.mark.parametrize(
    ("text", "opening", "speaker"),
    [
        # a noun of speech with a possessor or a "by" phrase reports its "that" clause
        ("But Tomas Verki’s claim that he required a Yes vote to bargain was wrong.", "he required", "Tomas Verki"),
        ("Mayor Ana Reed spoke on Monday. Her claim that she hopes for calm was rich.", "she hopes", "Ana Reed"),
        ("It came after the announcement by Mayor Ana Reed that she would veto two bills.", "she would", "Ana Reed"),
    ],
)
def test_nouns_of_speech_report_their_holder(nlp: Any, text: str, opening: str, speaker: str) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    names = {a.id: a.name for a in actors}
    (quote,) = [q for q in extract_quotes(doc, actors, pronouns) if q.text.startswith(opening)]
    assert names.get(quote.speaker or "") == speaker
    assert quote.kind == "indirect"


@pytest.mark.parametrize(
    "text",
    [
        "The claim that the plan would work was tested in court.",  # no holder: nobody's words
        "Ana Reed’s view that the plan would work was popular.",  # a view is no speech
    ],
)
def test_nouns_without_a_holder_report_nothing(nlp: Any, text: str) -> None:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    assert not [q for q in extract_quotes(doc, actors, pronouns) if q.text.startswith("the plan")]


def test_quoted_paragraphs_put_no_distance_before_a_pronoun(nlp: Any) -> None:
    """ "X said ... “…” “…” He added": paragraphs of quoted words continue X, so "He" is still X."""
    text = (
        "Oxford academic Paul Collard said that Germany would struggle.\n\n"
        "“Amid chaos, these people want to preserve their normal lives as much as possible. So they want to "
        "stay close to people from their homelands.”\n\n"
        "“It has never been easy. Integration takes decades and the state has been slow to help.”\n\n"
        "He added that recent history also shows how difficult it will be."
    )
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    names = {a.id: a.name for a in actors}
    assert [(span.text, names[aid]) for span, aid in pronouns] == [("He", "Paul Collard")]


@pytest.mark.parametrize(
    ("text", "party", "forms", "not_actors"),
    [
        # a capitalised name before the lower-case word "party" names a party, there and standing alone
        (
            "Prime Minister Tomas Varga said his ruling Zorvat party would win. Zorvat leads the polls.",
            "Zorvat",
            {"Zorvat party", "Zorvat"},
            set(),
        ),
        ("Voters backed the Liga-Nord party in May, and Liga-Nord gained.", "Liga-Nord", {"Liga-Nord party"}, {"Liga"}),
        # a name the lexicon knows keeps its party
        ("The Democratic party lost the seat to Ivo Strand.", "Democratic Party", {"Democratic party"}, set()),
        # the end of a longer name is no party of its own
        ("Voters backed the Friends of Varden party in the poll.", None, set(), {"Varden"}),
        # a plural party word after a qualifier the model reads as one name is another party
        ("The Social Democrats won more seats than the Greens.", "Social Democrats", {"Social Democrats"}, set()),
    ],
)
def test_named_parties(nlp: Any, text: str, party: str | None, forms: set[str], not_actors: set[str]) -> None:
    actors, _ = extract_actors(nlp(text))
    names = {a.name for a in actors}
    if party is not None:
        (found,) = [a for a in actors if a.name == party]
        assert found.kind == "party" and forms <= set(found.aliases)
    assert not (not_actors & names)


@pytest.mark.parametrize(
    ("text", "pronoun", "antecedent"),
    [
        # a given name common in politics across Europe tells the pronoun whom it can mean
        ("Annalena Vost met Dominic Halm in Berne. He said the talks went well.", "He", "Dominic Halm"),
        ("Dominic Halm met Annalena Vost in Berne. She said the talks went well.", "She", "Annalena Vost"),
    ],
)
def test_given_names_tell_the_pronoun(nlp: Any, text: str, pronoun: str, antecedent: str) -> None:
    actors, pronouns = extract_actors(nlp(text))
    names = {a.id: a.name for a in actors}
    assert [names[aid] for span, aid in pronouns if span.text == pronoun] == [antecedent]


@pytest.mark.parametrize(
    ("text", "name", "kind"),
    [
        # the model cut the name inside its hyphenated given name, or read the whole name as a body's
        ("Anne-Marie Le Varenne and Paul-Henri Dast spoke at the rally.", "Anne-Marie Le Varenne", "person"),
        # a connector before a day or a month ends a capitalised run: the date is no part of the name
        ("He appeared at Harwick Crown Court on Monday.", "Harwick Crown Court", "org"),
        ("Officials of the Harbour Trust met the Varden Housing Board on Friday.", "Varden Housing Board", "org"),
    ],
)
def test_names_whole_and_no_more(nlp: Any, text: str, name: str, kind: str) -> None:
    actors, _ = extract_actors(nlp(text))
    assert (name, kind) in {(a.name, a.kind) for a in actors}
    assert not any(a.name != name and (a.name in name or "day" in a.name) for a in actors)


@pytest.mark.parametrize(
    ("text", "platform"),
    [
        # where the words went: no actor
        ("Mara Pellow wrote on Twitter that the plan was cruel. Her Twitter post was shared widely.", None),
        ("Mara Pellow posted a long video on YouTube before the vote.", None),
        # a platform that acts, or is acted on, stays one
        ("Twitter suspended the account of Mara Pellow on Monday.", "Twitter"),
        ("Mara Pellow sued Facebook over the ban.", "Facebook"),
    ],
)
def test_platforms_named_only_as_the_venue(nlp: Any, text: str, platform: str | None) -> None:
    actors, _ = extract_actors(nlp(text))
    found = {a.name for a in actors} & {"Twitter", "YouTube", "Facebook"}
    assert found == ({platform} if platform else set())


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # a place named only in the dateline is where the story was filed
        ("HARWICK (Northwire) - Mara Pellow won the vote on Monday.\n\nHer rivals conceded.", None),
        # named again in the story, it is one of its places
        ("HARWICK (Northwire) - Mara Pellow won the vote in Harwick on Monday.", "Harwick"),
    ],
)
def test_a_dateline_alone_makes_no_actor(nlp: Any, text: str, place: str | None) -> None:
    actors, _ = extract_actors(nlp(text))
    assert [a.name for a in actors if a.kind == "place"] == ([place] if place else [])


@pytest.mark.parametrize(
    ("text", "bodies"),
    [
        # a body named without its country is the one named with it
        (
            "The US Supreme Court heard the case on Monday. The Supreme Court will rule in June.",
            {"US Supreme Court": {"Supreme Court"}},
        ),
        (
            "The Hungarian National Assembly voted. The National Assembly adjourned.",
            {"Hungarian National Assembly": {"National Assembly"}},
        ),
        # two bodies of that name in two countries: the short name stays apart
        (
            "The Polish Supreme Court and the US Supreme Court differ. The Supreme Court said nothing.",
            {"Polish Supreme Court": set(), "US Supreme Court": set(), "Supreme Court": set()},
        ),
    ],
)
def test_a_body_named_without_its_country(nlp: Any, text: str, bodies: dict[str, set[str]]) -> None:
    actors, _ = extract_actors(nlp(text))
    found = {a.name: set(a.aliases) - {a.name} for a in actors if a.kind == "org"}
    assert found == bodies
