"""Answering: the prompt, the model's streamed proposal, and the checks that decide it."""
