"""The engine's refusals in the words of the workbench's forms.

`cardtable play`, `simulate` and `compare` share their checks with the workbench
(terminal.table_specs, batch.deal_decks, compare.compare), and those checks name the
command's options. A form has fields, not options: `in_form_words` says each such
phrase with the field it is about, so that the message points at what to change on
the page. Each phrase is written out whole, so that a message the table does not
know is shown as the engine wrote it, never half-translated.
"""
from __future__ import annotations

import re

# (the command's phrase, the form's): the labels are those of play_form.html and sim_form.html.
PHRASES = [
    (re.compile(r"but --players names (\d+)"), r"but the Players field names \1"),
    (re.compile(r"^--fixed-seats keeps each agent in its seat, and"),
     '"keep each computer player in its seat" is ticked, and'),
    (re.compile(r"give one --deck for all the seats, or one for each of the (\d+) seats, not (\d+)"),
     r"choose one deck list for all the seats, or one for each of the \1 seats, not \2"),
    (re.compile(r"give 1 --deck, not (\d+)"), r"choose 1 deck list, not \1"),
    (re.compile(r"give (\d+) --deck, not (\d+)"), r"choose \1 deck lists, not \2"),
    (re.compile(r": give --players$"), ": fill in Players"),
]


def in_form_words(message: str) -> str:
    for phrase, said in PHRASES:
        message = phrase.sub(said, message)
    return message
