"""Fuzzing cardtable: mutated packs, DSL texts made from the grammar, deck lists, card
data, scenario files and game records, each case run in a worker process under a time
and a memory limit, and judged against the promise of a valid result or a located error.

cases.py makes the inputs, pool.py runs them, oracle.py judges them, run.py puts a
budget together and reports; dslgen.py walks the grammar and mutate.py edits files.
"""
