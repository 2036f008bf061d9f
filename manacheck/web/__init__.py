"""``manacheck serve``: a local web page for judges.

A board is built on the page from card names and the four questions are asked there:
"can it activate?", "how can I pay?", "what could it produce?", "what happens when it
resolves?". The page sends the board (state-file data, the format of ``manacheck
validate``) to this server, which loads it with the same loader and answers with the
same command code as the CLI (each command's ``reply``): the page shows the reply's text
and verdict, never a rule of its own.

The rooms: ``names`` (the sorted name index for autocomplete), ``share`` (a board in
the page address), ``api`` (each request's answer, plain data in and out), ``server``
(the HTTP server of the standard library, the page and its static files).
"""
