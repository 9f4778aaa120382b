// ps_2_0: texkill on a temporary and on texture coordinates.
ps_2_0
dcl t0
dcl t1
texkill t0
sub r0, t1, c0
texkill r0
mov oC0, t1
