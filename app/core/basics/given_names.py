"""Common given names, for telling a person from a noun where every noun is capitalised.

In German "Verein", "Rücklage" and "Zuschuss" are capitalised mid-sentence as "Günter"
is, so a capital says nothing about a name. A given name does: these are the names most
often given in German-speaking countries over the last eighty years, with common ones of
families who came from Turkey, Poland, Italy, the Balkans and the English-speaking world.
A surname is known by what stands before it (see `app.core.verdict.person_names`).
"""

from __future__ import annotations

from app.core.basics.text import fold

_NAMES = """
Aaron Achim Adam Adrian Ahmet Alexander Alexandra Alfred Ali Alina Alexa Alois Amelie
Andrea Andreas Andrej Angelika Angela Anja Anke Anna Anne Annett Annette Annika Anton
Antonia Armin Arne Astrid Axel Ayse Barbara Bärbel Beate Ben Benedikt Benjamin Bernd
Bernhard Bettina Bianca Birgit Björn Brigitte Bruno Burak Can Carina Carla Carlo Carmen
Carolin Caroline Carsten Charlotte Chiara Christa Christian Christiane Christina Christine
Christoph Christopher Clara Claudia Cornelia Dagmar Daniel Daniela Danny David Denise
Dennis Detlef Diana Dieter Dietmar Dirk Dominik Doris Dorothea Edith Egon Elena Elias
Elif Elisabeth Elke Ella Elli Emil Emilia Emily Emine Emma Emre Erik Erika Erich Ernst
Erwin Esther Eva Fabian Falk Fatma Felix Ferdinand Finn Florian Frank Franz Franziska
Frauke Frederik Friederike Friedrich Frieda Fritz Gabi Gabriele Georg Gerd Gerda Gerhard
Gert Gisela Gregor Gudrun Günter Günther Gustav Hakan Hanna Hannah Hannelore Hannes Hans
Harald Hartmut Hasan Heidi Heike Heiko Heinz Helene Helga Helmut Hendrik Henning Henry
Herbert Hermann Hildegard Holger Horst Hubert Hüseyin Ida Ilse Ina Ines Inge Ingo Ingrid
Irene Iris Isabel Isabell Isabella Ivan Jacqueline Jakob Jan Jana Janina Janine Jannik
Jasmin Jens Jessica Joachim Jochen Johann Johanna Johannes Jonas Jonathan Josef Joseph
Judith Julia Julian Juliane Julius Jürgen Justus Jutta Kai Karin Karl Karla Karsten
Katharina Kathrin Katja Katrin Kerstin Kevin Klara Klaus Konrad Konstantin Kristina Kurt
Lara Larissa Lars Laura Lea Lena Leni Leon Leonie Lilly Lina Linda Lisa Lothar Lotte
Louisa Luca Lucas Luis Luisa Luise Lukas Lutz Magdalena Maik Mandy Manfred Manuel Manuela
Marc Marcel Marco Marcus Mareike Maren Margarete Margit Maria Marie Marina Mario Marion
Marius Markus Marlene Marta Martha Martin Martina Mathias Matthias Max Maximilian
Mehmet Meike Melanie Mia Michael Michaela Mike Milan Mila Mira Miriam Mirko Monika Moritz
Murat Mustafa Nadine Nadja Natalie Nele Nicole Niklas Nico Nils Nina Noah Nora Norbert
Olaf Olga Oliver Oskar Otto Patrick Patricia Paul Paula Peggy Peter Petra Philipp Pia
Piotr Rainer Ralf Ralph Regina Reinhard Rene Renate Richard Rita Robert Robin Roland Rolf
Rosemarie Ruth Sabine Sabrina Sandra Sara Sarah Sascha Sebastian Selin Silke Silvia
Simon Simone Sonja Sophia Sophie Stefan Stefanie Steffen Stephan Stephanie Susanne Svea
Sven Svenja Swen Sylvia Tanja Theo Thomas Thorsten Tilo Till Tim Timo Tina Tobias Tom
Tomasz Torsten Udo Ulf Ulla Ulrich Ulrike Ursula Ute Uwe Valentin Vanessa Vera Veronika
Viktor Viktoria Volker Walter Waltraud Werner Wilhelm Willi Wolfgang Yvonne Zeynep
""".split()

GIVEN_NAMES: frozenset[str] = frozenset(fold(name) for name in _NAMES)


# The particle of a surname ("Hervé Le Bihan", "Marieke de Groot", "Ursula von der Leyen"):
# part of one name, never a given name of its own.
SURNAME_PARTICLES = frozenset("le la de du des da di van von der den ter ten".split())
