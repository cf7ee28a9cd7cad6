"""Hostile and clumsy inputs: ports that misbehave, files and environments that are broken;
each is one port's failure or one line."""
