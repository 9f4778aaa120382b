// ps_2_0: partial precision and centroid sampling.
ps_2_0
dcl_centroid t0
dcl_pp t1.xy
dcl_centroid_pp v0
dcl_2d s0
texld_pp r0, t0, s0
texldp_pp r1, t1, s0
mul_pp r0, r0, v0
mad_sat_pp r0, r0, r1, c0
mov_pp oC0, r0
