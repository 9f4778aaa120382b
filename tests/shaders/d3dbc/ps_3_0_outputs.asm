// ps_3_0: multiple render targets and depth, highest register numbers.
ps_3_0
defi i15, 1, 0, 0, 0
defb b15, true
def c223, 1, 1, 1, 1
dcl_texcoord v9
dcl_2d s15
texld r31, v9, s15
rep i15
if b15
add r31, r31, c223
endif
endrep
mov oC0, r31
mov oC1, v9
mov oC2, c222
mov oC3, r31.wzyx
mov oDepth, r31.z
